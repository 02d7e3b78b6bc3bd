// A short-lived memo of public reads (lists, searches, counts), dropped as soon as the store changes.
// Many visitors ask the same pages; under load this turns repeated queries into one.
export interface ReadCache {
  get<T>(revision: number, key: string, compute: () => Promise<T>): Promise<T>;
}

interface Entry {
  revision: number;
  expires: number;
  value: Promise<unknown>;
}

export function createReadCache({ ttlMs = 30_000, maxEntries = 500, now = () => Date.now() } = {}): ReadCache {
  const entries = new Map<string, Entry>();
  return {
    get<T>(revision: number, key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.revision === revision && hit.expires > now()) {
        // Refresh its place: the map's order is the eviction order (least recently used first).
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const value = compute();
      entries.set(key, { revision, expires: now() + ttlMs, value });
      // A failed read is not kept.
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}
