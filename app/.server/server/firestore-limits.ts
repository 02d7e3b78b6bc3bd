// Rate limits counted in Firestore (issue 46, decision 111): the instances of a site on Firebase share no disk, so each
// counting in its own DATA_DIR/limites.sqlite let N instances allow N times the setting. Here every instance counts
// in one document per key, in a transaction: a window opens at the first point and closes `duration` seconds later,
// as in RateLimiterSQLite. Should Firestore fail, this process counts in memory meanwhile (as limiter.ts does).
import type { Firestore } from 'firebase-admin/firestore';
import { type IRateLimiterOptions, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { firebaseAdmin } from '../adapters/firestore/firebase-admin';
import type { Limiter } from '../platform/limiter';

/** Counts, not data: never exported; a TTL policy on `expireAt` deletes the windows gone (firestore.indexes.json). */
export const LIMITS_COLLECTION = 'limits';

/** Keys refused that this process remembers. */
const BLOCKED_KEPT = 10_000;

interface Window {
  points: number;
  /** Milliseconds since the epoch when the window closes. */
  expire: number;
}

export function firestoreLimiter(db: () => Firestore, options: IRateLimiterOptions & { keyPrefix: string }): Limiter {
  const allowed = options.points ?? 4;
  const durationMs = (options.duration ?? 1) * 1000;
  const insurance = new RateLimiterMemory(options);
  // A document id has no `/`: the key is written encoded.
  const doc = (key: string) =>
    db()
      .collection(LIMITS_COLLECTION)
      .doc(encodeURIComponent(`${options.keyPrefix}:${key}`));
  const answer = (window: Window, changed: number) =>
    new RateLimiterRes(
      Math.max(allowed - window.points, 0),
      Math.max(window.expire - Date.now(), 0),
      window.points,
      changed === window.points,
    );
  const alive = (data: unknown): Window | null => {
    const window = data as Partial<Window> | undefined;
    return window &&
      typeof window.points === 'number' &&
      typeof window.expire === 'number' &&
      window.expire > Date.now()
      ? { points: window.points, expire: window.expire }
      : null;
  };
  // This process's points for one key go one after the other: its own transactions never contend with each other.
  const queues = new Map<string, Promise<unknown>>();
  const inTurn = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.then(
      () => {},
      () => {},
    );
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return next;
  };
  // A key refused stays refused until its window closes (a window never shrinks): this process then refuses it
  // without asking Firestore, so a flood costs no write past the limit.
  const blocked = new Map<string, number>();
  let failing = false;
  const fallback = (error: unknown) => {
    if (!failing) console.error('[limites] Firestore ne répond pas : cette instance compte seule en attendant', error);
    failing = true;
  };

  return {
    async consume(key, points = 1) {
      const until = blocked.get(key) ?? 0;
      if (until > Date.now()) throw new RateLimiterRes(0, until - Date.now(), allowed + points, false);
      if (until) blocked.delete(key);
      let window: Window;
      try {
        window = await inTurn(key, () =>
          db().runTransaction(async (tx) => {
            const ref = doc(key);
            const current = alive((await tx.get(ref)).data());
            const next = current
              ? { points: current.points + points, expire: current.expire }
              : { points, expire: Date.now() + durationMs };
            tx.set(ref, { ...next, expireAt: firebaseAdmin.firestore().Timestamp.fromMillis(next.expire) });
            return next;
          }),
        );
        failing = false;
      } catch (error) {
        fallback(error);
        return insurance.consume(key, points);
      }
      const result = answer(window, points);
      if (window.points > allowed) {
        blocked.set(key, window.expire);
        // Bounded: the windows closed go first.
        if (blocked.size > BLOCKED_KEPT) {
          for (const [k, at] of blocked) if (at <= Date.now()) blocked.delete(k);
          // Still full: the oldest refusal is forgotten (its next request asks Firestore again, which refuses it).
          if (blocked.size > BLOCKED_KEPT) blocked.delete(blocked.keys().next().value as string);
        }
        throw result;
      }
      return result;
    },
    async get(key) {
      try {
        const window = alive((await doc(key).get()).data());
        return window ? answer(window, 0) : null;
      } catch (error) {
        fallback(error);
        return insurance.get(key);
      }
    },
    async delete(key) {
      blocked.delete(key);
      try {
        const ref = doc(key);
        const existed = (await ref.get()).exists;
        await ref.delete();
        return existed;
      } catch (error) {
        fallback(error);
        return insurance.delete(key);
      }
    },
  };
}
