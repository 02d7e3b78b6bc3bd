// Contract of the email alerts' storage (decision 048), on SQLite and on the Firestore emulator.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../app/.server/ports';
import { BACKENDS, storeForEachTest } from './backends';

const T0 = '2026-03-02T10:00:00.000Z';
const T1 = '2026-03-03T10:00:00.000Z';
const ask = (over: Partial<Parameters<Store['alerts']['request']>[0]> = {}) => ({
  id: 'alerte-1',
  email: 'ada@example.ch',
  filter: 'category=musique&canton=VD',
  rhythm: 'weekly' as const,
  tokenHash: 'hash-1',
  now: T0,
  ...over,
});

describe.each(BACKENDS)('stockage $name : alertes par email', (backend) => {
  const store = storeForEachTest(backend);

  it('une demande crée une alerte en attente ; la redemander la renouvelle, sans en créer une seconde', async () => {
    const first = await store.alerts.request(ask());
    expect(first.outcome).toBe('created');
    expect(first.alert).toMatchObject({ status: 'pending', confirmedAt: null, lastDigestAt: null, sentEventIds: [] });
    const again = await store.alerts.request(ask({ tokenHash: 'hash-2', rhythm: 'daily', now: T1 }));
    expect(again.outcome).toBe('renewed');
    expect(await store.alerts.listByEmail('ada@example.ch')).toHaveLength(1);
    // The link stays the same (the mails carry it again), the rhythm is the new one and the wait starts again.
    expect(await store.alerts.findByTokenHash('hash-2')).toBeNull();
    expect(await store.alerts.findByTokenHash('hash-1')).toMatchObject({
      rhythm: 'daily',
      updatedAt: T1,
      createdAt: T0,
    });
  });

  it('la confirmation active l’alerte ; une alerte active redemandée reste telle quelle', async () => {
    await store.alerts.request(ask());
    const active = await store.alerts.confirm('hash-1', T1, T0);
    expect(active).toMatchObject({ status: 'active', confirmedAt: T1 });
    expect(await store.alerts.confirm('hash-1', T1, T0)).toMatchObject({ status: 'active', confirmedAt: T1 });
    const again = await store.alerts.request(ask({ tokenHash: 'hash-3' }));
    expect(again.outcome).toBe('active');
    expect(await store.alerts.findByTokenHash('hash-1')).toMatchObject({ status: 'active' });
    expect(await store.alerts.confirm('inconnu', T1, T0)).toBeNull();
    expect((await store.alerts.listActive()).map((a) => a.id)).toEqual(['alerte-1']);
  });

  it('une alerte en attente trop ancienne ne se confirme plus et disparaît au ménage', async () => {
    await store.alerts.request(ask());
    await store.alerts.request(ask({ id: 'alerte-2', tokenHash: 'hash-2', now: T1 }));
    expect(await store.alerts.confirm('hash-1', T1, '2026-03-02T12:00:00.000Z')).toBeNull();
    expect(await store.alerts.deleteExpired('2026-03-02T12:00:00.000Z')).toBe(1);
    expect((await store.alerts.listByEmail('ada@example.ch')).map((a) => a.id)).toEqual(['alerte-2']);
  });

  it('une lettre s’enregistre une seule fois (comparer puis écrire) ; ses événements comptent une fois acceptée', async () => {
    await store.alerts.request(ask());
    await store.alerts.confirm('hash-1', T0, T0);
    const at = '2026-03-05T07:00:00.000Z';
    expect(await store.alerts.recordDigest({ id: 'alerte-1', seen: null, at })).toBe(true);
    expect(await store.alerts.recordDigest({ id: 'alerte-1', seen: null, at })).toBe(false);
    expect(await store.alerts.findByTokenHash('hash-1')).toMatchObject({ lastDigestAt: at, sentEventIds: [] });
    await store.alerts.rememberSent('alerte-1', ['e1', 'e2']);
    await store.alerts.rememberSent('alerte-1', ['e2', 'e3']);
    expect(await store.alerts.findByTokenHash('hash-1')).toMatchObject({ sentEventIds: ['e1', 'e2', 'e3'] });
    // An alert unsubscribed meanwhile: nothing to remember, nothing recreated.
    await store.alerts.delete('alerte-1');
    await store.alerts.rememberSent('alerte-1', ['e4']);
    expect(await store.alerts.findByTokenHash('hash-1')).toBeNull();
  });

  it('le rythme se change ; le désabonnement supprime l’alerte', async () => {
    await store.alerts.request(ask());
    expect(await store.alerts.setRhythm('alerte-1', 'daily', T1)).toMatchObject({ rhythm: 'daily' });
    expect(await store.alerts.delete('alerte-1')).toBe(true);
    expect(await store.alerts.delete('alerte-1')).toBe(false);
    expect(await store.alerts.findByTokenHash('hash-1')).toBeNull();
    expect(await store.alerts.listByEmail('ada@example.ch')).toEqual([]);
    expect(await store.alerts.setRhythm('alerte-1', 'weekly', T1)).toBeNull();
  });
});
