// An actor's key pair (RSA, as Mastodon and the draft-cavage HTTP Signatures need), generated once and kept in the
// store (exported with the data): two processes asking at once keep the same one (putIfAbsent).
import type { FederationStore } from '../ports';
import { fedify } from './fedify';

interface StoredKeys {
  publicKey: JsonWebKey;
  privateKey: JsonWebKey;
}

// Per store: tests open several in one process.
const caches = new WeakMap<FederationStore, Map<string, Promise<CryptoKeyPair>>>();

async function loadOrCreate(store: FederationStore, identifier: string, now: () => Date): Promise<CryptoKeyPair> {
  const { exportJwk, generateCryptoKeyPair, importJwk } = fedify();
  const at = now().toISOString();
  let stored = (await store.get<StoredKeys>('keys', identifier, at))?.value;
  if (!stored) {
    const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const fresh = { publicKey: await exportJwk(pair.publicKey), privateKey: await exportJwk(pair.privateKey) };
    stored = (
      await store.putIfAbsent({ kind: 'keys', key: identifier, value: fresh, expiresAt: null, updatedAt: at }, at)
    ).value;
  }
  return {
    publicKey: await importJwk(stored.publicKey, 'public'),
    privateKey: await importJwk(stored.privateKey, 'private'),
  };
}

/** The actor's key pairs, read from the store once per process. */
export function actorKeyPairs(
  store: FederationStore,
  identifier: string,
  now: () => Date = () => new Date(),
): Promise<CryptoKeyPair[]> {
  const cache = caches.get(store) ?? new Map<string, Promise<CryptoKeyPair>>();
  caches.set(store, cache);
  let pair = cache.get(identifier);
  if (!pair) {
    pair = loadOrCreate(store, identifier, now);
    pair.catch(() => cache.delete(identifier));
    cache.set(identifier, pair);
  }
  return pair.then((p) => [p]);
}
