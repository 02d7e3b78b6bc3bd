// The federation's storage (decision 087) on both backends: records that expire, keys written once, a compare-and-set,
// lists by prefix, and a queue whose messages are claimed once, come back when a claim runs out, and leave when done.
import { describe, expect, it } from 'vitest';
import { formerActors, movedActor, transferFollowers } from '../../app/.server/federation/moves';
import { followersOf } from '../../app/.server/federation/records';
import type { FederationRecord } from '../../app/.server/ports';
import { BACKENDS, storeForEachTest } from './backends';

const T0 = '2030-03-01T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

const record = (overrides: Partial<FederationRecord> = {}): FederationRecord => ({
  kind: 'follower',
  key: 'agenda\u001fhttps://mastodon.exemple/users/lea',
  value: { inbox: 'https://mastodon.exemple/users/lea/inbox', nested: [[1, 2], { 'a.b': null }] },
  expiresAt: null,
  updatedAt: T0,
  ...overrides,
});

describe.each(BACKENDS)('fédération, stockage : $name', (backend) => {
  const store = storeForEachTest(backend);

  it('un enregistrement se lit, se remplace, expire et se retire', async () => {
    await store.federation.put(record());
    expect(await store.federation.get('follower', record().key, T0)).toEqual(record());
    expect(await store.federation.get('block', record().key, T0)).toBeNull();
    await store.federation.put(record({ kind: 'kv', key: 'cache', value: 'a', expiresAt: at(5) }));
    expect((await store.federation.get('kv', 'cache', at(4)))?.value).toBe('a');
    expect(await store.federation.get('kv', 'cache', at(5))).toBeNull();
    expect(await store.federation.purgeExpired(at(6))).toBe(1);
    expect(await store.federation.remove('follower', record().key)).toBe(true);
    expect(await store.federation.remove('follower', record().key)).toBe(false);
    expect(await store.federation.get('follower', record().key, T0)).toBeNull();
  });

  it('les clés d’un acteur ne s’écrivent qu’une fois, même demandées deux fois à la fois', async () => {
    const [a, b] = await Promise.all([
      store.federation.putIfAbsent(record({ kind: 'keys', key: 'agenda', value: 'A' }), T0),
      store.federation.putIfAbsent(record({ kind: 'keys', key: 'agenda', value: 'B' }), T0),
    ]);
    expect(a.value).toBe(b.value);
    expect((await store.federation.get('keys', 'agenda', T0))?.value).toBe(a.value);
  });

  it('un échange conditionnel ne remplace que la valeur attendue', async () => {
    const kv = (value: unknown) => record({ kind: 'kv', key: 'k', value });
    expect(await store.federation.compareAndSet(kv(1), 0, T0)).toBe(false);
    expect(await store.federation.compareAndSet(kv(1), undefined, T0)).toBe(true);
    expect(await store.federation.compareAndSet(kv(2), 0, T0)).toBe(false);
    expect(await store.federation.compareAndSet(kv(2), 1, T0)).toBe(true);
    expect((await store.federation.get('kv', 'k', T0))?.value).toBe(2);
  });

  it('une liste suit les clés d’un préfixe, dans l’ordre, sans les expirés', async () => {
    for (const key of ['musique\u001fb', 'agenda\u001fz', 'agenda\u001fa', 'agenda_\u001fx'])
      await store.federation.put(record({ key }));
    await store.federation.put(record({ key: 'agenda\u001fm', expiresAt: at(-1) }));
    const keys = (await store.federation.list('follower', { prefix: 'agenda\u001f', now: T0, limit: 10 })).map(
      (r) => r.key,
    );
    expect(keys).toEqual(['agenda\u001fa', 'agenda\u001fz']);
    expect(await store.federation.count('follower', { prefix: 'agenda\u001f', now: T0 })).toBe(2);
    expect(await store.federation.count('follower', { now: T0 })).toBe(4);
    expect((await store.federation.list('follower', { now: T0, limit: 1 })).length).toBe(1);
  });

  it('un message de la file est réclamé une fois, revient si la réclamation échoit, part quand il est traité', async () => {
    await store.federation.enqueue([
      { id: 'm1', payload: { type: 'outbox', n: [1] }, dueAt: T0, createdAt: T0 },
      { id: 'm2', payload: { type: 'fanout' }, dueAt: at(10), createdAt: T0 },
    ]);
    expect(await store.federation.queueStats(T0)).toEqual({ due: 1, later: 1 });
    const [claims, others] = await Promise.all([
      store.federation.claimDue(at(1), at(3), 10),
      store.federation.claimDue(at(1), at(3), 10),
    ]);
    expect([...claims, ...others].map((m) => [m.id, m.payload])).toEqual([['m1', { type: 'outbox', n: [1] }]]);
    expect(await store.federation.claimDue(at(2), at(4), 10)).toEqual([]);
    expect((await store.federation.claimDue(at(3), at(5), 10)).map((m) => m.id)).toEqual(['m1']);
    await store.federation.done('m1');
    expect((await store.federation.claimDue(at(11), at(12), 10)).map((m) => m.id)).toEqual(['m2']);
    await store.federation.done('m2');
    expect(await store.federation.queueStats(at(20))).toEqual({ due: 0, later: 0 });
  });

  it('« réessayer maintenant » rend dues les seules livraisons choisies qui attendaient', async () => {
    await store.federation.enqueue([
      { id: 'h1', payload: { type: 'outbox', inbox: 'https://a.ch/inbox' }, dueAt: at(10), createdAt: T0 },
      { id: 'h2', payload: { type: 'outbox', inbox: 'https://b.ch/inbox' }, dueAt: at(10), createdAt: T0 },
      { id: 'h3', payload: { type: 'outbox', inbox: 'https://a.ch/inbox' }, dueAt: T0, createdAt: T0 },
    ]);
    const toA = (p: unknown) => (p as { inbox?: string }).inbox === 'https://a.ch/inbox';
    expect(await store.federation.hurry(at(1), toA, 100)).toBe(1);
    expect(await store.federation.queueStats(at(1))).toEqual({ due: 2, later: 1 });
    expect((await store.federation.claimDue(at(1), at(3), 10)).map((m) => m.id).sort()).toEqual(['h1', 'h3']);
    for (const id of ['h1', 'h2', 'h3']) await store.federation.done(id);
  });

  it('les abonnés d’un lieu fondu passent au lieu gardé, une fois chacun, et le déménagement se relit', async () => {
    const follower = (id: string, followedAt = T0) => ({ id, inbox: `${id}/inbox`, sharedInbox: null, followedAt });
    const follow = (actor: string, id: string, followedAt?: string) =>
      store.federation.put(record({ key: `${actor}\u001f${id}`, value: follower(id, followedAt) }));
    await follow('lieu.fondu', 'https://a.exemple/users/lea');
    await follow('lieu.fondu', 'https://b.exemple/users/zoe', at(1));
    // Already following the venue kept: kept once, with its first follow.
    await follow('lieu.garde', 'https://b.exemple/users/zoe');
    const moved = await transferFollowers(store.federation, 'lieu.fondu', 'lieu.garde', at(2));
    expect(moved.map((f) => f.id)).toEqual(['https://a.exemple/users/lea', 'https://b.exemple/users/zoe']);
    expect(await followersOf(store.federation, 'lieu.fondu', at(2))).toEqual([]);
    expect(await followersOf(store.federation, 'lieu.garde', at(2))).toEqual([
      follower('https://a.exemple/users/lea'),
      follower('https://b.exemple/users/zoe'),
    ]);
    // Again (a retried move): nothing left to move, nothing lost.
    expect(await transferFollowers(store.federation, 'lieu.fondu', 'lieu.garde', at(3))).toEqual([]);
    expect(await store.federation.count('follower', { prefix: 'lieu.garde\u001f', now: at(3) })).toBe(2);
    await store.federation.put({
      kind: 'moved',
      key: 'lieu.fondu',
      value: { to: 'lieu.garde' },
      expiresAt: null,
      updatedAt: T0,
    });
    await store.federation.put({
      kind: 'alias',
      key: 'lieu.garde\u001flieu.fondu',
      value: 'lieu.fondu',
      expiresAt: null,
      updatedAt: T0,
    });
    expect(await movedActor(store.federation, 'lieu.fondu', T0)).toEqual({ to: 'lieu.garde' });
    expect(await formerActors(store.federation, 'lieu.garde', T0)).toEqual(['lieu.fondu']);
    expect(await formerActors(store.federation, 'lieu.fondu', T0)).toEqual([]);
  });

  it('rien de la fédération ne change la révision que les pages en cache suivent', async () => {
    const before = store.revision();
    await store.federation.put(record());
    await store.federation.enqueue([{ id: 'm1', payload: {}, dueAt: T0, createdAt: T0 }]);
    await store.federation.claimDue(T0, at(1), 10);
    await store.federation.done('m1');
    expect(store.revision()).toBe(before);
  });
});
