// Visitors' push subscriptions to « Ça a lieu ? » (issue 51) on SQLite and on Firestore: one per browser and event,
// within the limits per event and per browser; a status waits on each subscription of its event only, is claimed once,
// and a newer one is not lost by the send of the older; a subscription the push service forgot, or past its event, goes.
import { describe, expect, it } from 'vitest';
import { BACKENDS, storeForEachTest } from './backends';

const AT = (minutes: number) => new Date(Date.UTC(2030, 2, 9, 7, minutes)).toISOString();
const LIMITS = { perEvent: 3, perToken: 2 };
const sub = (eventId: string, token: string, expiresAt = AT(600)) => ({
  id: `${eventId}-${token}`,
  eventId,
  token,
  createdAt: AT(0),
  expiresAt,
});

describe.each(BACKENDS)('notifications « Ça a lieu ? » des visiteurs : $name', (backend) => {
  const store = storeForEachTest(backend);

  it('une par navigateur et événement, dans les limites par événement et par navigateur ; désabonnement', async () => {
    const pushes = store.visitorPushes;
    expect(await pushes.add(sub('marche', 'a'), LIMITS)).toBe('created');
    expect(await pushes.add({ ...sub('marche', 'a'), expiresAt: AT(900) }, LIMITS)).toBe('exists');
    expect(await pushes.add(sub('marche', 'b'), LIMITS)).toBe('created');
    expect(await pushes.add(sub('marche', 'c'), LIMITS)).toBe('created');
    expect(await pushes.add(sub('marche', 'd'), LIMITS)).toBe('full');
    expect(await pushes.add(sub('concert', 'a'), LIMITS)).toBe('created');
    expect(await pushes.add(sub('theatre', 'a'), LIMITS)).toBe('full');
    const marche = await pushes.listByEvent('marche');
    expect(marche.map((p) => p.token)).toEqual(['a', 'b', 'c']);
    expect(marche[0]).toMatchObject({ expiresAt: AT(900), message: null, dueAt: null, attempts: 0 });

    expect(await pushes.remove('marche', 'b')).toBe(true);
    expect(await pushes.remove('marche', 'b')).toBe(false);
    expect((await pushes.listByEvent('marche')).map((p) => p.token)).toEqual(['a', 'c']);
    expect(await pushes.removeToken('a')).toBe(2);
    expect((await pushes.listByEvent('marche')).map((p) => p.token)).toEqual(['c']);
    expect(await pushes.listByEvent('concert')).toEqual([]);
  });

  it('un statut attend sur chaque abonnement de son événement seulement, réclamé une fois, jamais perdu', async () => {
    const pushes = store.visitorPushes;
    for (const token of ['a', 'b']) await pushes.add(sub('marche', token), LIMITS);
    await pushes.add(sub('concert', 'c'), LIMITS);
    expect(await pushes.queue('marche', 'Annulé', AT(10))).toBe(2);

    expect(await pushes.claimDue(AT(9), AT(12), 10)).toEqual([]);
    const claimed = await pushes.claimDue(AT(10), AT(12), 10);
    expect(claimed.map((p) => [p.token, p.message, p.dueAt])).toEqual([
      ['a', 'Annulé', AT(12)],
      ['b', 'Annulé', AT(12)],
    ]);
    // Claimed: nobody else takes them until the claim runs out.
    expect(await pushes.claimDue(AT(11), AT(13), 10)).toEqual([]);

    const [a, b] = claimed;
    await pushes.done(a.id, 'Annulé');
    // A newer status queued while the older one was leaving: the older's send does not clear it.
    await pushes.queue('marche', 'Reporté', AT(11));
    await pushes.done(b.id, 'Annulé');
    expect((await pushes.claimDue(AT(11), AT(14), 10)).map((p) => [p.token, p.message])).toEqual([
      ['a', 'Reporté'],
      ['b', 'Reporté'],
    ]);
    await pushes.retryLater(a.id, 1, AT(20));
    await pushes.done(b.id, 'Reporté');
    expect(await pushes.claimDue(AT(19), AT(25), 10)).toEqual([]);
    expect(await pushes.claimDue(AT(20), AT(25), 10)).toMatchObject([{ token: 'a', message: 'Reporté', attempts: 1 }]);
    expect((await pushes.listByEvent('concert'))[0]).toMatchObject({ message: null, dueAt: null });
  });

  it('les abonnements passé leur événement sont effacés', async () => {
    const pushes = store.visitorPushes;
    await pushes.add(sub('hier', 'a', AT(30)), LIMITS);
    await pushes.add(sub('demain', 'a', AT(90)), LIMITS);
    expect(await pushes.deleteExpired(AT(60))).toBe(1);
    expect(await pushes.listByEvent('hier')).toEqual([]);
    expect(await pushes.listByEvent('demain')).toHaveLength(1);
  });
});
