// The moderation log of the Firestore store: one document per admin decision or trusted publication, numbered from
// its instant (the SQLite store numbers them with its rowid). No shared counter: a document written in every
// moderation transaction would hold them all to about one write a second (issue 35).
import crypto from 'node:crypto';
import type { Firestore, FirestoreDataConverter } from 'firebase-admin/firestore';
import type { EventStatus } from '~/domain/event';
import type { ModerationEntry, ModerationLogStore, Publication } from '../../ports';
import { keysetPage } from '../keyset';
import type { FirestoreContext } from './context';
import { COLLECTIONS } from './db';
import { rowsAfter } from './keyset-query';

/** An entry as stored: `eventTitle` is the title at the time of the decision (what is shown once it is deleted). */
export type StoredModerationEntry = Omit<ModerationEntry, 'adminName'>;

export const moderationEntryConverter: FirestoreDataConverter<StoredModerationEntry> = {
  toFirestore: (e) => ({
    id: e.id,
    eventId: e.eventId,
    eventTitle: e.eventTitle ?? '',
    adminUid: e.adminUid ?? null,
    action: e.action,
    reason: e.reason ?? '',
    createdAt: e.createdAt,
  }),
  fromFirestore: (snapshot) => {
    const d = snapshot.data();
    return {
      id: Number(d.id),
      eventId: String(d.eventId),
      eventTitle: String(d.eventTitle ?? ''),
      adminUid: d.adminUid == null ? null : String(d.adminUid),
      action: d.action,
      reason: String(d.reason ?? ''),
      createdAt: String(d.createdAt),
    };
  },
};

/** Document ids sort like the numbers they hold. */
export const moderationDocId = (id: number) => String(id).padStart(12, '0');

let lastModerationId = 0;

/**
 * The number and document id of a new log entry: its instant in milliseconds × 1000, plus a random part (two
 * instances deciding in the same millisecond rarely draw the same number), and above the previous number of this
 * process (entries of the same instant keep their order, as SQLite's rowid). Entries are ordered by createdAt, then
 * this number. The document id adds random letters: two entries never share a document.
 */
export function newModerationId(createdAt: string): { id: number; key: string } {
  const base = Math.max(0, Date.parse(createdAt) || 0) * 1000;
  const id = Math.max(base + crypto.randomInt(1000), lastModerationId + 1);
  lastModerationId = id;
  return { id, key: `${moderationDocId(id)}-${crypto.randomBytes(4).toString('hex')}` };
}

/** Current display names of the admins of these entries (one batched read). */
export async function adminNames(db: Firestore, rows: readonly { adminUid: string | null }[]) {
  const uids = [...new Set(rows.map((r) => r.adminUid).filter((u): u is string => Boolean(u)))];
  const names = new Map<string, string>();
  if (uids.length === 0) return names;
  const snapshots = await db.getAll(...uids.map((uid) => db.collection(COLLECTIONS.users).doc(uid)));
  for (const s of snapshots) if (s.exists) names.set(s.id, String(s.get('displayName') ?? ''));
  return names;
}

/** The moderation log read on its own: the publications without moderation, with the events as stored now. */
export function createModerationLogStore({ db }: Pick<FirestoreContext, 'db'>): ModerationLogStore {
  const published = () =>
    db.collection(COLLECTIONS.moderationLog).withConverter(moderationEntryConverter).where('action', '==', 'publish');
  const keyOf = (e: StoredModerationEntry) => [e.createdAt, e.id];
  return {
    async listPublications(request) {
      const [counted, page] = await Promise.all([
        published().count().get(),
        // By keyset: a page reads its own entries (one more, to know whether a page follows), never those before it.
        keysetPage(request, 2, keyOf, (from, n, backward) => {
          const order = backward ? 'asc' : 'desc';
          const query = published().orderBy('createdAt', order).orderBy('id', order);
          return rowsAfter(query, 'createdAt', !backward, keyOf, from, n);
        }),
      ]);
      const rows = page.items;
      // Read from the database, not the mirror: another instance's publication is there at once.
      const eventIds = [...new Set(rows.map((r) => r.eventId))];
      const [names, events] = await Promise.all([
        adminNames(db, rows),
        eventIds.length > 0
          ? db.getAll(...eventIds.map((id) => db.collection(COLLECTIONS.events).doc(id)), {
              fieldMask: ['title', 'status'],
            })
          : Promise.resolve([]),
      ]);
      const current = new Map(events.filter((s) => s.exists).map((s) => [s.id, s]));
      return {
        ...page,
        total: counted.data().count,
        items: rows.map((r): Publication => {
          const event = current.get(r.eventId);
          return {
            ...r,
            eventTitle: event ? String(event.get('title') ?? r.eventTitle) : r.eventTitle,
            adminName: names.get(r.adminUid ?? '') ?? 'Administrateur supprimé',
            eventStatus: event ? (String(event.get('status')) as EventStatus) : null,
          };
        }),
      };
    },
  };
}
