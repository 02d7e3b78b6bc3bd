// Fedify's key–value store and message queue (decision 087), backed by the site's own store (ports/federation.ts):
// SQLite on one server, Firestore on Firebase, so that keys, caches and the deliveries waiting survive a restart and
// are shared by every process. The queue is read by polling the store, and woken at once by a message enqueued in
// the same process.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type {
  KvKey,
  KvStore,
  KvStoreListEntry,
  KvStoreSetOptions,
  MessageQueue,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import type { FederationStore } from '../ports';

const SEPARATOR = '\u001f';

/**
 * The activity being handled, as it was received (JSON): Fedify's vocabulary keeps only the properties it knows, and
 * an event's Mobilizon or Gancio fields (address, `ical:status`) are read from here (incoming.ts).
 */
export const receivedActivity = new AsyncLocalStorage<Record<string, unknown> | undefined>();

const receivedJson = (payload: unknown) => {
  const message = payload as { type?: unknown; activity?: unknown } | null;
  return message?.type === 'inbox' && message.activity && typeof message.activity === 'object'
    ? (message.activity as Record<string, unknown>)
    : undefined;
};
const joinKey = (key: KvKey) => key.join(SEPARATOR);

interface DurationLike {
  weeks?: number;
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
  milliseconds?: number;
}

/** A Temporal duration (Fedify's TTLs and delays) in milliseconds, from its fields (no calendar needed). */
export function durationMs(d: DurationLike | undefined): number {
  if (!d) return 0;
  const seconds = (d.weeks ?? 0) * 604_800 + (d.days ?? 0) * 86_400 + (d.hours ?? 0) * 3600 + (d.minutes ?? 0) * 60;
  return Math.max(0, (seconds + (d.seconds ?? 0)) * 1000 + (d.milliseconds ?? 0));
}

const iso = (ms: number) => new Date(ms).toISOString();

export function createKvStore(store: FederationStore, now: () => number = Date.now): KvStore {
  const expiry = (options?: KvStoreSetOptions) =>
    options?.ttl ? iso(now() + durationMs(options.ttl as DurationLike)) : null;
  const record = (key: KvKey, value: unknown, options?: KvStoreSetOptions) => ({
    kind: 'kv' as const,
    key: joinKey(key),
    value,
    expiresAt: expiry(options),
    updatedAt: iso(now()),
  });
  return {
    async get<T = unknown>(key: KvKey) {
      return ((await store.get('kv', joinKey(key), iso(now())))?.value ?? undefined) as T | undefined;
    },
    async set(key, value, options) {
      await store.put(record(key, value, options));
    },
    async delete(key) {
      await store.remove('kv', joinKey(key));
    },
    async cas(key, expectedValue, newValue, options) {
      return store.compareAndSet(record(key, newValue, options), expectedValue, iso(now()));
    },
    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      const records = await store.list('kv', { prefix: prefix ? joinKey(prefix) : '', now: iso(now()), limit: 10_000 });
      for (const r of records) {
        const key = r.key.split(SEPARATOR) as unknown as KvKey;
        if (prefix && !prefix.every((part, i) => key[i] === part)) continue;
        yield { key, value: r.value };
      }
    },
  };
}

export interface StoreQueueOptions {
  /** How often an idle listener looks at the store (another process may have enqueued). */
  pollMs: number;
  /** How long a claimed message stays hidden from the other listeners: past it, it is due again (its process died). */
  claimMs?: number;
  batch?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
  /** A message to drop unhandled (a delivery to a domain blocked since it was queued). */
  skip?: (payload: unknown) => Promise<boolean>;
  /** After a message was handled (delivered, or its retry enqueued by Fedify), with when its handling began. */
  handled?: (payload: unknown, startedAt: string) => Promise<void>;
}

export function createStoreQueue(store: FederationStore, options: StoreQueueOptions): MessageQueue {
  const { pollMs, claimMs = 5 * 60_000, batch = 20, now = Date.now } = options;
  const wakers = new Set<() => void>();
  const wake = () => {
    for (const w of wakers) w();
  };
  const enqueueMany = async (messages: readonly unknown[], opts?: MessageQueueEnqueueOptions) => {
    const at = now();
    const dueAt = iso(at + durationMs(opts?.delay as DurationLike | undefined));
    await store.enqueue(messages.map((payload) => ({ id: crypto.randomUUID(), payload, dueAt, createdAt: iso(at) })));
    wake();
  };
  return {
    nativeRetrial: false,
    enqueue: (message, opts) => enqueueMany([message], opts),
    enqueueMany,
    async getDepth() {
      const { due, later } = await store.queueStats(iso(now()));
      return { queued: due + later, ready: due, delayed: later };
    },
    async listen(handler, { signal }: MessageQueueListenOptions = {}) {
      while (!signal?.aborted) {
        let claimed: Awaited<ReturnType<FederationStore['claimDue']>> = [];
        try {
          const at = now();
          claimed = await store.claimDue(iso(at), iso(at + claimMs), batch);
        } catch (error) {
          // The store busy or away for a moment: the queue goes on after a pause, it never stops.
          options.onError?.(error);
        }
        for (const message of claimed) {
          if (signal?.aborted) return;
          try {
            if (await options.skip?.(message.payload)) {
              await store.done(message.id);
              continue;
            }
            const startedAt = iso(now());
            await receivedActivity.run(receivedJson(message.payload), () => handler(message.payload));
            await store.done(message.id);
            await options.handled?.(message.payload, startedAt).catch((error) => options.onError?.(error));
          } catch (error) {
            // Left claimed: due again when its claim runs out (Fedify retries its own failures as new messages).
            options.onError?.(error);
          }
        }
        if (claimed.length === 0) await idle(pollMs, signal, wakers);
      }
    },
  };
}

/** Waits `ms`, or less when woken by an enqueue of this process, or stops when aborted. */
function idle(ms: number, signal: AbortSignal | undefined, wakers: Set<() => void>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wakers.delete(done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    wakers.add(done);
    signal?.addEventListener('abort', done, { once: true });
  });
}
