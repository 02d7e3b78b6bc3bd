// What the aggregates of the Firestore store share: the database, the keyed lock, the mirrored events and the
// revision counter.
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { KeyedLock } from './db';
import type { IndexedEvent } from './event-index';
import type { LiveQuery } from './live-query';

export interface FirestoreContext {
  db: Firestore;
  lock: KeyedLock;
  /**
   * The public events not yet over when this instance started (status approved or cancelled, `endsTs` ≥ publicSince),
   * kept by a listener on that query: what the public pages search and count (decision 160).
   */
  events: LiveQuery<IndexedEvent>;
  /** The instant (ms) from which the public copy is complete: a query about events ending before it reads Firestore. */
  publicSince: number;
  /** Whether the public copy alone answers a query of these statuses about events ending after this instant. */
  copyServes(status: readonly string[], endsAfter: string | undefined): boolean;
  /**
   * Every event, copied on this instance the first time an admin search by words needs it (decision 160), then kept
   * by its listener: never read at start, never by a public page.
   */
  allEvents(): Promise<IndexedEvent[]>;
  /**
   * Events where awaitingModeration == true (pending, or public with a pending revision), kept by their own listener:
   * the live count of docs/specification.md §4.
   */
  awaiting: LiveQuery<IndexedEvent>;
  /** Reads an event back after this process wrote it, into every copy. */
  refreshEvent(id: string): Promise<void>;
  /** Takes an event read back after a write into every copy. */
  applyEvent(snapshot: DocumentSnapshot): void;
  /** This process wrote something: read caches and the live hub must look again. */
  touched(): void;
}
