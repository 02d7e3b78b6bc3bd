// What every Firestore aggregate shares: collection names (docs/specification.md §3 for users and events), keyed locks, batches.
import type { DocumentData, Firestore, QueryDocumentSnapshot, WriteBatch } from 'firebase-admin/firestore';

export const COLLECTIONS = {
  users: 'users',
  /** One document per lower-cased email → uid: makes an email unique inside a transaction. */
  userEmails: 'userEmails',
  sessions: 'sessions',
  authTokens: 'authTokens',
  categories: 'categories',
  events: 'events',
  /** (account, submission key) → event: a repeated form never creates a second event. */
  eventSubmissions: 'eventSubmissions',
  /** An event's dates up to the rolling horizon (decision 041), one document per occurrence: `eventId:startsTs`. */
  eventOccurrences: 'eventOccurrences',
  moderationLog: 'moderationLog',
  /** Once the moderation log's counter, no longer written (issue 35): left by older versions, never exported. */
  counters: 'counters',
  partners: 'partners',
  contactMessages: 'contactMessages',
  pageViews: 'pageViews',
  /** One document per (day, path) seen: the cap on distinct page-view paths per day. */
  pageViewPaths: 'pageViewPaths',
  /** What organizers and admins see of the events (decision 171): a counter per event, date, week and kind, and
   *  one per week, category, canton and kind for the site. */
  eventFigures: 'eventFigures',
  siteFigures: 'siteFigures',
  donations: 'donations',
  notifications: 'notifications',
  /** Calendar sources (issue 21), the link (source, UID) → event, and their run log. */
  importSources: 'importSources',
  importLinks: 'importLinks',
  importRuns: 'importRuns',
  /** Email alerts (decision 048), one per (address, filter). */
  alerts: 'alerts',
  /** School-holiday periods by canton (issue 51). */
  schoolHolidays: 'schoolHolidays',
  /** Visitors' browsers told by push of an event's « Ça a lieu ? » (issue 51). */
  visitorPushes: 'visitorPushes',
  /** Places to book (decision 168): each date's counter document, its registrants, and the turns taken on it. */
  /** An account's favourites (issue 74, decision 170), `uid:event:date`, and its feed's secret, by account. */
  favourites: 'favourites',
  favouriteFeeds: 'favouriteFeeds',
  /** The organizers and venues an account follows (decision 173), `uid:kind:slug`. */
  follows: 'follows',
  registrationOpenings: 'registrationOpenings',
  registrations: 'registrations',
  registrationTurns: 'registrationTurns',
  /** Venues and organizers as records (issue 36). */
  venues: 'venues',
  organizers: 'organizers',
  /** An organization's members and their role (decision 167): `organizerId:uid`. */
  organizerMembers: 'organizerMembers',
  /** Invitations to join an organization, by the hash of their token (decision 167). */
  organizerInvitations: 'organizerInvitations',
  /** Mails waiting to leave, or failed (decision 060). */
  mailQueue: 'mailQueue',
  /** ActivityPub (decision 087): Fedify's store, keys, followers, blocks, sources, failures; and its queue. */
  federationRecords: 'federationRecords',
  federationQueue: 'federationQueue',
  /** The readiness probe's document per process (server/health.ts): not data, never exported. */
  healthChecks: 'healthChecks',
  /** Markers of the one-time upgrades of stored documents (the admin search's pieces of each account): not data. */
  upgrades: 'upgrades',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/** Firestore's ALREADY_EXISTS: a `create()` lost the race for its document id. */
export function isAlreadyExists(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 6 || code === 'already-exists';
}

/** Firestore's NOT_FOUND: an `update()` of a document that does not exist (or no longer does). */
export function isNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 5;
}

/**
 * Runs `fn` after every earlier call with the same key has settled. Firestore transactions isolate writers across
 * server instances; within one instance this queue also spares them contention retries, and keeps the guarantees on
 * emulators that do not isolate transactions (the in-process one used by `npm test`).
 */
export type KeyedLock = <T>(key: string, fn: () => Promise<T>) => Promise<T>;

export function createKeyedLock(): KeyedLock {
  const tails = new Map<string, Promise<unknown>>();
  return (key, fn) => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => {});
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

/** Writes in batches of at most 400 operations (Firestore allows 500 per commit). */
export async function inBatches<T>(
  db: Firestore,
  items: readonly T[],
  write: (batch: WriteBatch, item: T) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += 400) {
    const batch = db.batch();
    for (const item of items.slice(start, start + 400)) write(batch, item);
    await batch.commit();
  }
}

/** Deletes every document of a query (in batches). */
export async function deleteAll(db: Firestore, docs: readonly QueryDocumentSnapshot<DocumentData>[]): Promise<void> {
  await inBatches(db, docs, (batch, doc) => batch.delete(doc.ref));
}

/** Document ids cannot hold `/`; keys built from user input are encoded. */
export function docKey(...parts: string[]): string {
  return parts.map((p) => encodeURIComponent(p)).join(':');
}
