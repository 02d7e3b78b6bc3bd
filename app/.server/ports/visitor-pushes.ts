// The store port of visitors' push subscriptions to an event's « Ça a lieu ? » (issue 51): one record per (event,
// browser subscription), without an account; the status to announce waits on it (an outbox per subscription) until
// the `notifications` job sends it. Gone when the push service forgets it, when the visitor stops, or after the event.

export interface VisitorPush {
  /** A hash of (event, token): one record per browser and event. */
  id: string;
  eventId: string;
  /** The browser's subscription as the push transport normalised it (Web Push: JSON of endpoint and keys). */
  token: string;
  createdAt: string;
  /** After the event's last date: deleted then. */
  expiresAt: string;
  /** The message waiting to leave (JSON of a PushMessage), or null when there is none. */
  message: string | null;
  /** When it is due (or until when a sender claimed it); null without a message. */
  dueAt: string | null;
  /** Failed attempts of the waiting message. */
  attempts: number;
}

export type NewVisitorPush = Pick<VisitorPush, 'id' | 'eventId' | 'token' | 'createdAt' | 'expiresAt'>;

export interface VisitorPushStore {
  /**
   * Keeps a subscription, atomically within the limits: 'exists' when this browser already has it (its expiry is
   * updated), 'full' when the event or this browser has reached its limit (nothing stored).
   */
  add(push: NewVisitorPush, limits: { perEvent: number; perToken: number }): Promise<'created' | 'exists' | 'full'>;
  /** Deletes a browser's subscription to an event; false when there was none. */
  remove(eventId: string, token: string): Promise<boolean>;
  /** The push service no longer knows this subscription: every record of it goes; how many. */
  removeToken(token: string): Promise<number>;
  /** The subscriptions of an event, oldest first. */
  listByEvent(eventId: string): Promise<VisitorPush[]>;
  /** Puts this message (replacing one still waiting) on every subscription of the event, due now; how many. */
  queue(eventId: string, message: string, now: string): Promise<number>;
  /** Up to `limit` subscriptions whose message is due at `now`, each claimed until `claimUntil` (dueAt). */
  claimDue(now: string, claimUntil: string, limit: number): Promise<VisitorPush[]>;
  /** The message claimed has left (or is given up): cleared, unless another was queued since. */
  done(id: string, message: string): Promise<void>;
  /** An attempt failed: tried again at `dueAt`. */
  retryLater(id: string, attempts: number, dueAt: string): Promise<void>;
  /** Deletes the subscriptions expired before `now`; how many. */
  deleteExpired(now: string): Promise<number>;
}
