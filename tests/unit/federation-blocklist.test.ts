// Blocked domains (issue 37, decision 105): a domain blocks its subdomains, a host with its port only that port; the
// inbox, which a stranger drives, reads them once per interval and at once after a change made in its own process;
// a fan-out to many followers reads them once.
import { describe, expect, it } from 'vitest';
import { blocklistChanged, isBlocked, keptBlocklist, loadBlocklist } from '../../app/.server/federation/records';
import type { FederationStore } from '../../app/.server/ports';
import { memoryStore } from './memory-store';

const now = () => new Date().toISOString();

/** The store, its reads of blocked domains counted. */
function countingStore() {
  const { store } = memoryStore();
  const federation = store.federation;
  const reads = { get: 0, list: 0 };
  const counted: FederationStore = Object.create(federation);
  counted.get = (kind, key, at) => {
    if (kind === 'block') reads.get++;
    return federation.get(kind, key, at);
  };
  counted.list = (kind, options) => {
    if (kind === 'block') reads.list++;
    return federation.list(kind, options);
  };
  const block = (domain: string) =>
    federation.put({
      kind: 'block',
      key: domain,
      value: { domain, createdAt: now() },
      expiresAt: null,
      updatedAt: now(),
    });
  return { federation: counted, reads, block, unblock: (domain: string) => federation.remove('block', domain) };
}

describe('fédération : domaines bloqués', () => {
  it('un domaine bloque ses sous-domaines, pas ses voisins ; un hôte avec son port ne bloque que ce port', async () => {
    const { federation, block } = countingStore();
    await block('spam.exemple');
    await block('127.0.0.1:4241');
    const list = await loadBlocklist(federation, now());
    const cases: [string, boolean][] = [
      ['https://spam.exemple/users/a', true],
      ['https://relais.spam.exemple/actor', true],
      ['https://pasdespam.exemple/users/a', false],
      ['https://exemple/users/a', false],
      ['http://127.0.0.1:4241/users/a', true],
      ['http://127.0.0.1:4242/users/a', false],
      ['pas une adresse', true],
    ];
    for (const [url, blocked] of cases) {
      expect(list.blocks(url), url).toBe(blocked);
      // The exact check, one read per domain, says the same.
      expect(await isBlocked(federation, url, now()), url).toBe(blocked);
    }
  });

  it('la boîte lit la liste une fois par intervalle, à nouveau dès un changement fait dans ce processus', async () => {
    const { federation, reads, block, unblock } = countingStore();
    let clock = 1_000_000;
    const kept = keptBlocklist(federation, 5000, () => clock);
    for (let i = 0; i < 50; i++) expect((await kept()).blocks('https://spam.exemple/users/a')).toBe(false);
    expect(reads).toEqual({ get: 0, list: 1 });
    // Blocked by another process: seen once the interval is over, not before.
    await block('spam.exemple');
    clock += 4999;
    expect((await kept()).blocks('https://spam.exemple/users/a')).toBe(false);
    clock += 1;
    expect((await kept()).blocks('https://spam.exemple/users/a')).toBe(true);
    expect(reads.list).toBe(2);
    // Unblocked by an admin of this process: seen at once.
    await unblock('spam.exemple');
    blocklistChanged();
    expect((await kept()).blocks('https://spam.exemple/users/a')).toBe(false);
    expect(reads.list).toBe(3);
  });

  it('une lecture en échec n’est pas gardée : la suivante lit à nouveau', async () => {
    const { federation, reads } = countingStore();
    let failing = true;
    const list = federation.list.bind(federation);
    federation.list = (kind, options) => (failing ? Promise.reject(new Error('disque plein')) : list(kind, options));
    const kept = keptBlocklist(federation, 5000, () => 0);
    await expect(kept()).rejects.toThrow('disque plein');
    failing = false;
    expect((await kept()).blocks('https://ailleurs.exemple/a')).toBe(false);
    expect(reads.list).toBe(1);
  });
});
