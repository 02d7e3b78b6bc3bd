// No echo (issue 48): an event taken from a followed source remembers the server it came from (kind `imported`), and
// nothing the site sends about it (its Create, Update, Delete, a share, an outbox read in Gancio's form) goes back to
// that server: the event is already there, as its own.
import type { FederationStore } from '../ports';
import { originOf } from './peers';

export interface Imported {
  /** The source's actor (its id): its server is the event's origin. */
  source: string;
  /** The remote object the event copies. */
  object: string;
}

export async function rememberImported(store: FederationStore, eventId: string, value: Imported, at: string) {
  await store.put({ kind: 'imported', key: eventId, value, expiresAt: null, updatedAt: at });
}

/** The server (its origin) this event came from, or null: one of ours. */
export async function importedFrom(store: FederationStore, eventId: string, now: string): Promise<string | null> {
  return originOf((await store.get<Imported>('imported', eventId, now))?.value.source);
}
