// Remote sources (decision 088): another instance's actor (a Gancio or Mobilizon agenda or group, another Agenda
// romand) that an admin follows from the agenda's actor; its events come to our inbox (incoming.ts).
import type { CantonCode } from '~/domain/cantons';
import type { FederationStore } from '../ports';

export type SourceStatus = 'pending' | 'accepted' | 'rejected';

export interface RemoteSource {
  /** The remote actor's id (its URL). */
  id: string;
  /** @user@host, as the admin typed it or as found. */
  handle: string;
  name: string;
  /** Its events publish at once (the lifecycle's trusted publisher), else they wait for moderation. */
  trusted: boolean;
  category: string;
  canton: CantonCode;
  organizerName: string;
  status: SourceStatus;
  /** The id of our Follow, to undo it. */
  followId: string;
  /** The admin who added it: its events belong to that account, as for calendar sources (decision 045). */
  createdBy: string;
  createdAt: string;
}

export async function sourceOf(store: FederationStore, actorId: string, now: string): Promise<RemoteSource | null> {
  return (await store.get<RemoteSource>('source', actorId, now))?.value ?? null;
}

export async function listSources(store: FederationStore, now: string): Promise<RemoteSource[]> {
  return (await store.list<RemoteSource>('source', { now, limit: 1000 })).map((r) => r.value);
}
