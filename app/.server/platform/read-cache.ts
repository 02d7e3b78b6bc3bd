// A short-lived memo of public reads (lists, searches, counts), dropped as soon as the store changes.
// Many visitors ask the same pages; under load this turns repeated queries into one.
import { LRUCache } from 'lru-cache';
import type { Store } from '../ports';

export interface ReadCache {
  get<T>(revision: number, key: string, compute: () => Promise<T>): Promise<T>;
}

interface ReadCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  revision: number;
  value: Promise<unknown>;
}

export function createReadCache({ ttlMs = 30_000, maxEntries = 500, now = () => Date.now() }: ReadCacheOptions = {}) {
  // The least recently used entry goes first beyond maxEntries; an entry older than ttlMs is read again.
  const entries = new LRUCache<string, Entry>({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  const cache: ReadCache = {
    get<T>(revision: number, key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.revision === revision) return hit.value as Promise<T>;
      const value = compute();
      entries.set(key, { revision, value });
      // A failed read is not kept.
      value.catch(() => entries.peek(key)?.value === value && entries.delete(key));
      return value;
    },
  };
  return cache;
}

/**
 * A memo of one kind of read per store, keyed by the store's revision: `cachedRead(store, key, compute)`. One store in
 * production; tests open many, whose revision numbers may coincide.
 */
export function storeReadCache(options: ReadCacheOptions = {}) {
  const caches = new WeakMap<Store, ReadCache>();
  return <T>(store: Store, key: string, compute: () => Promise<T>): Promise<T> => {
    let cache = caches.get(store);
    if (!cache) {
      cache = createReadCache(options);
      caches.set(store, cache);
    }
    return cache.get(store.revision(), key, compute);
  };
}
