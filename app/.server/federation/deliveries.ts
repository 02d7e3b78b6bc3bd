// The deliveries that fail (decision 087, issue 37): when each is tried again, and what the admins see of them. One
// record per remote host and activity, updated at each attempt (never one line per retry), removed once delivered.
import type { RetryPolicy } from '@fedify/fedify';
import type { FederationStore } from '../ports';
import { fedify } from './fedify';
import { hostOf, SEP } from './records';

/**
 * Attempts of one delivery before it is given up: the first one, then 15 retries. With a first retry after one minute,
 * doubling each time up to 12 hours, the last one comes about three days after the first (Mastodon: 16 attempts over
 * about three and a half days). A host away for an afternoon gets everything once it answers again.
 */
export const DELIVERY_ATTEMPTS = 16;
export const RETRY_MAX_MS = 12 * 3_600_000;
/** Fedify's "permanent" statuses (the inbox is gone): not retried. */
const GONE = [404, 410];

/** The wait before the retry that follows `attempts` failed attempts (0: after the first), null past the last. */
export function retryDelayMs(attempts: number, firstMs: number): number | null {
  if (attempts + 1 >= DELIVERY_ATTEMPTS) return null;
  return Math.min(firstMs * 2 ** attempts, RETRY_MAX_MS);
}

/** Fedify's retry policy: the same schedule, without jitter, so that the time shown to the admins is the true one. */
export function deliveryRetryPolicy(firstMs: number): RetryPolicy {
  return fedify().createExponentialBackoffPolicy({
    initialDelay: { milliseconds: firstMs },
    maxDelay: { milliseconds: RETRY_MAX_MS },
    maxAttempts: DELIVERY_ATTEMPTS - 1,
    factor: 2,
    jitter: false,
  });
}

export interface DeliveryTrouble {
  host: string;
  activityId: string | null;
  activityType: string | null;
  /** Failed attempts so far. */
  attempts: number;
  firstAt: string;
  lastAt: string;
  /** The remote server's HTTP status, or null (no answer: refused, timed out, name unknown). */
  status: number | null;
  /** Its next attempt, or null: given up (the inbox is gone, or every attempt failed). */
  nextAt: string | null;
  /** The inbox it was sent to, the object it carried, what the server said (one line, cut): issue 48. */
  inbox?: string | null;
  objectId?: string | null;
  detail?: string | null;
}

/** What the server answered, on one line, at most 160 characters. */
const detailOf = (body: string | undefined) => {
  const line = (body ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line ? (line.length > 160 ? `${line.slice(0, 159)}…` : line) : null;
};

const KEEP_MS = 30 * 86_400_000;
const troubleKey = (host: string, activityId: string | null) => `${host}${SEP}${activityId ?? ''}`;

/** A failed attempt (Fedify's onOutboxError): counted on its host and activity, with its next attempt. */
export async function recordDeliveryFailure(
  store: FederationStore,
  input: {
    error: Error;
    activityId: string | null;
    activityType: string | null;
    objectId?: string | null;
    now: Date;
    firstRetryMs: number;
  },
): Promise<void> {
  const { error, now } = input;
  const sendError = error instanceof fedify().SendActivityError ? error : null;
  const inbox = sendError ? sendError.inbox : /\bto (\S+)/.exec(error.message)?.[1];
  const host = hostOf(inbox, true);
  if (!host) return;
  const key = troubleKey(host, input.activityId);
  const at = now.toISOString();
  const previous = (await store.get<DeliveryTrouble>('failure', key, at))?.value;
  const attempts = (previous?.host ? previous.attempts : 0) + 1;
  const status = sendError ? sendError.statusCode : null;
  const delay = status !== null && GONE.includes(status) ? null : retryDelayMs(attempts - 1, input.firstRetryMs);
  const value: DeliveryTrouble = {
    host,
    activityId: input.activityId,
    activityType: input.activityType,
    attempts,
    firstAt: previous?.host ? previous.firstAt : at,
    lastAt: at,
    status,
    nextAt: delay === null ? null : new Date(now.getTime() + delay).toISOString(),
    inbox: inbox ? String(inbox) : null,
    objectId: input.objectId ?? null,
    detail: sendError ? detailOf(sendError.responseBody) : detailOf(error.message),
  };
  await store.put({
    kind: 'failure',
    key,
    value,
    expiresAt: new Date(now.getTime() + KEEP_MS).toISOString(),
    updatedAt: at,
  });
}

/**
 * A delivery handled by the queue: if no failure was recorded since `startedAt`, it went through, and its host and
 * activity leave the list of troubles.
 */
export async function deliveryHandled(store: FederationStore, payload: unknown, startedAt: string): Promise<void> {
  const message = payload as { type?: string; inbox?: string; activityId?: string; attempt?: number } | null;
  // A first attempt that went through follows no failure of its own (a retry is a new message, its attempt counted).
  if (message?.type !== 'outbox' || message.attempt === 0) return;
  const host = hostOf(message.inbox, true);
  if (!host) return;
  const key = troubleKey(host, message.activityId ?? null);
  const trouble = (await store.get<DeliveryTrouble>('failure', key, startedAt))?.value;
  if (trouble && trouble.lastAt < startedAt) await store.remove('failure', key);
}

export interface HostTrouble {
  host: string;
  attempts: number;
  lastAt: string;
  status: number | null;
  /** The soonest next attempt among its activities, null if all are given up. */
  nextAt: string | null;
  activities: DeliveryTrouble[];
}

/** The troubles grouped by host, the most recent attempt first. */
export async function deliveryTroubles(store: FederationStore, now: string): Promise<HostTrouble[]> {
  const records = await store.list<DeliveryTrouble>('failure', { now, limit: 1000 });
  const byHost = new Map<string, DeliveryTrouble[]>();
  // Records of the former shape (one per attempt, without a host) are left to expire.
  for (const { value } of records) if (value.host) byHost.set(value.host, [...(byHost.get(value.host) ?? []), value]);
  return [...byHost.entries()]
    .map(([host, activities]) => {
      activities.sort((a, b) => b.lastAt.localeCompare(a.lastAt));
      const next = activities.map((a) => a.nextAt).filter((n): n is string => n !== null);
      return {
        host,
        attempts: activities.reduce((n, a) => n + a.attempts, 0),
        lastAt: activities[0].lastAt,
        status: activities[0].status,
        nextAt: next.length ? next.sort()[0] : null,
        activities,
      };
    })
    .sort((a, b) => b.lastAt.localeCompare(a.lastAt));
}
