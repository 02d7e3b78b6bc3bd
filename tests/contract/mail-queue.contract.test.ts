// The mail queue's port (decision 060) on both backends: what is recorded is claimed once, retried, failed, given
// back to the admins, and never sent by two callers at once.
import { describe, expect, it } from 'vitest';
import type { NewMail } from '../../app/.server/ports';
import { BACKENDS, storeForEachTest } from './backends';

const T0 = '2030-03-01T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

const mail = (id: string, overrides: Partial<NewMail> = {}): NewMail => ({
  id,
  content: {
    kind: 'message',
    message: { to: 'lea@exemple.ch', subject: `Sujet ${id}`, text: 'Bonjour', html: '<p>Bonjour</p>' },
  },
  to: 'lea@exemple.ch',
  subject: `Sujet ${id}`,
  ref: null,
  eventIds: [],
  createdAt: T0,
  ...overrides,
});

describe.each(BACKENDS)('file des mails : $name', (backend) => {
  const store = storeForEachTest(backend);

  it('un mail enregistré est dû tout de suite, réclamé une fois, puis retiré quand il est parti', async () => {
    await store.mails.enqueue(mail('m1', { ref: null }));
    await store.mails.enqueue(mail('m2', { createdAt: at(1) }));
    expect(await store.mails.claimDue(at(-1), at(1), 10)).toEqual([]);
    const claimed = await store.mails.claimDue(at(5), at(7), 10);
    expect(claimed.map((m) => [m.id, m.status, m.dueAt])).toEqual([
      ['m1', 'sending', at(7)],
      ['m2', 'sending', at(7)],
    ]);
    expect(claimed[0]).toMatchObject({
      to: 'lea@exemple.ch',
      subject: 'Sujet m1',
      attempts: 0,
      content: mail('m1').content,
    });
    // Claimed: nobody else gets it while the claim lasts.
    expect(await store.mails.claimDue(at(6), at(8), 10)).toEqual([]);
    await store.mails.delivered('m1');
    expect(await store.mails.counts()).toEqual({ pending: 0, sending: 1, failed: 0 });
    // A claim that ran out (its sender died) is due again.
    expect((await store.mails.claimDue(at(8), at(10), 10)).map((m) => m.id)).toEqual(['m2']);
  });

  it('deux appelants à la fois ne réclament jamais le même mail', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => store.mails.enqueue(mail(`c${i}`, { createdAt: at(i / 10) }))),
    );
    const [a, b] = await Promise.all([store.mails.claimDue(at(5), at(9), 8), store.mails.claimDue(at(5), at(9), 8)]);
    const ids = [...a, ...b].map((m) => m.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });

  it('un essai manqué revient à son heure ; un mail en échec attend un admin ; « Réessayer » le rend dû', async () => {
    await store.mails.enqueue(mail('r1'));
    await store.mails.claimDue(at(0), at(2), 10);
    await store.mails.retryLater('r1', { attempts: 1, dueAt: at(3), lastError: 'connect ECONNREFUSED', now: at(0) });
    expect(await store.mails.claimDue(at(2), at(4), 10)).toEqual([]);
    const [again] = await store.mails.claimDue(at(3), at(5), 10);
    expect(again).toMatchObject({ id: 'r1', attempts: 1, lastError: 'connect ECONNREFUSED' });
    await store.mails.fail('r1', { attempts: 2, lastError: '550 boîte inconnue', now: at(3) });
    expect(await store.mails.claimDue(at(1000), at(1002), 10)).toEqual([]);
    expect(await store.mails.list('failed', 10)).toMatchObject([
      { id: 'r1', status: 'failed', dueAt: null, attempts: 2, lastError: '550 boîte inconnue', updatedAt: at(3) },
    ]);
    expect(await store.mails.retry('r1', at(10))).toBe(true);
    expect(await store.mails.retry('r1', at(10))).toBe(false);
    expect(await store.mails.list('pending', 10)).toMatchObject([{ id: 'r1', dueAt: at(10) }]);
    expect(await store.mails.retry('inconnu', at(10))).toBe(false);
  });

  it('rendre une réclamation ne compte pas d’essai ; au démarrage, les réclamations d’un serveur disparu reviennent', async () => {
    await store.mails.enqueue(mail('g1'));
    await store.mails.enqueue(mail('g2'));
    await store.mails.claimDue(at(0), at(2), 10);
    await store.mails.release('g1', at(0), at(0));
    expect(await store.mails.list('pending', 10)).toMatchObject([{ id: 'g1', attempts: 0, dueAt: at(0) }]);
    expect(await store.mails.releaseClaims(at(1))).toBe(1);
    expect((await store.mails.claimDue(at(1), at(3), 10)).map((m) => m.id)).toEqual(['g1', 'g2']);
  });

  it('une lettre d’alerte à la fois : en attente, on le sait ; une nouvelle remplace celles en échec', async () => {
    await store.mails.enqueue(mail('d1', { ref: 'alerte:a', eventIds: ['e1'] }));
    expect(await store.mails.hasQueued('alerte:a')).toBe(true);
    expect(await store.mails.hasQueued('alerte:b')).toBe(false);
    await store.mails.claimDue(at(0), at(2), 10);
    expect(await store.mails.hasQueued('alerte:a')).toBe(true);
    await store.mails.fail('d1', { attempts: 30, lastError: 'délai', now: at(1) });
    expect(await store.mails.hasQueued('alerte:a')).toBe(false);
    await store.mails.enqueue(mail('d2', { ref: 'alerte:a', eventIds: ['e1', 'e2'], createdAt: at(2) }));
    expect(await store.mails.list('failed', 10)).toEqual([]);
    expect(await store.mails.list('pending', 10)).toMatchObject([{ id: 'd2', eventIds: ['e1', 'e2'] }]);
  });

  it('les mails en échec anciens s’oublient', async () => {
    await store.mails.enqueue(mail('o1'));
    await store.mails.enqueue(mail('o2'));
    await store.mails.fail('o1', { attempts: 1, lastError: 'x', now: at(0) });
    await store.mails.fail('o2', { attempts: 1, lastError: 'x', now: at(100) });
    expect(await store.mails.purgeFailed(at(50))).toBe(1);
    expect((await store.mails.list('failed', 10)).map((m) => m.id)).toEqual(['o2']);
  });

  it('un message de contact et son mail s’écrivent ensemble', async () => {
    const message = {
      id: 'cm1',
      name: 'Léa',
      email: 'lea@exemple.ch',
      subject: 'Bonjour',
      message: 'Une question.',
      createdAt: T0,
    };
    await store.contactMessages.add(message, mail('cm-mail'));
    expect(await store.contactMessages.count()).toBe(1);
    expect((await store.mails.list('pending', 10)).map((m) => m.id)).toEqual(['cm-mail']);
    // The mail cannot be written (its id is taken): the message is not kept either.
    await expect(store.contactMessages.add({ ...message, id: 'cm2' }, mail('cm-mail'))).rejects.toThrow();
    expect(await store.contactMessages.count()).toBe(1);
  });

  it('la sonde de disponibilité écrit, relit, compte les catégories, et oublie les processus partis', async () => {
    expect(await store.health.probe('web-1', at(0))).toEqual({ readBack: true, categories: 0 });
    expect(await store.health.probe('web-1', at(1))).toEqual({ readBack: true, categories: 0 });
    await store.health.probe('web-2', at(5));
    expect(await store.health.purge(at(3))).toBe(1);
  });

  it('la sonde de disponibilité ne change pas la révision que suivent les pages en cache', async () => {
    const before = store.revision();
    await store.health.probe('web-1', at(0));
    await store.health.probe('web-1', at(1));
    await store.health.purge(at(3));
    expect(store.revision()).toBe(before);
  });
});
