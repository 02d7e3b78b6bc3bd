// The federation's storage (decision 087) on both backends: records that expire, keys written once, a compare-and-set,
// lists by prefix, and a queue whose messages are claimed once, come back when a claim runs out, and leave when done.
import { describe, expect, it } from 'vitest';
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

  it('rien de la fédération ne change la révision que les pages en cache suivent', async () => {
    const before = store.revision();
    await store.federation.put(record());
    await store.federation.enqueue([{ id: 'm1', payload: {}, dueAt: T0, createdAt: T0 }]);
    await store.federation.claimDue(T0, at(1), 10);
    await store.federation.done('m1');
    expect(store.revision()).toBe(before);
  });
});
