// What the aggregates of the Firestore store share: the database, the keyed lock, the mirrored events and the
// revision counter.
import type { Firestore } from 'firebase-admin/firestore';
import type { KeyedLock } from './db';
import type { IndexedEvent } from './event-index';
import type { LiveQuery } from './live-query';

export interface FirestoreContext {
  db: Firestore;
  lock: KeyedLock;
  /** Every event, kept by a listener on `events` (search, lists, counts). */
  events: LiveQuery<IndexedEvent>;
  /**
   * Events where awaitingModeration == true (pending, or public with a pending revision), kept by their own listener:
   * the live count of docs/specification.md §4.
   */
  awaiting: LiveQuery<IndexedEvent>;
  /** Reads an event back after this process wrote it, into both mirrors. */
  refreshEvent(id: string): Promise<void>;
  /** This process wrote something: read caches and the live hub must look again. */
  touched(): void;
}
