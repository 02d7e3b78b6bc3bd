// Dump and load of the Firestore store in the neutral dataset form; derived documents and fields (email index,
// search tokens, instants as numbers, the moderation counter, a venue's « without a point ») are rebuilt on load.
import type { Firestore } from 'firebase-admin/firestore';
import { horizonFor } from '~/.server/schedule/schedule-expand';
import type { AgendaEvent } from '~/domain/event';
import { COLLECTIONS, docKey, inBatches } from '../adapters/firestore/db';
import {
  type EventDoc,
  fromEventDoc,
  occurrenceDocs,
  occurrenceKey,
  toEventDoc,
} from '../adapters/firestore/event-docs';
import { federationDocId } from '../adapters/firestore/federation';
import { moderationDocId } from '../adapters/firestore/moderation-log';
import { memberDocId } from '../adapters/firestore/organizer-members';
import { fromDoc as fromPlaceDoc, WITHOUT_POINT } from '../adapters/firestore/places';
import { eventFigureDocId, pageViewMarkerId, siteFigureDocId } from '../adapters/firestore/stats';
import { emailKey, userSearchGrams } from '../adapters/firestore/user-docs';
import {
  DATASET_COLLECTIONS,
  type DataRecord,
  type Dataset,
  type DatasetCollection,
  emptyDataset,
  recordName,
} from './dataset';

/** The document id of a record. */
function docId(collection: DatasetCollection, r: DataRecord): string {
  switch (collection) {
    case 'eventSubmissions':
      return docKey(String(r.uid), String(r.submissionKey));
    case 'moderationLog':
    case 'pageViews':
      return moderationDocId(Number(r.id));
    case 'donations':
      return docKey(String(r.provider), String(r.providerRef));
    case 'importLinks':
      return docKey(String(r.sourceId), String(r.uid));
    case 'registrationOpenings':
      return docKey(String(r.eventId), String(r.startsAt));
    case 'eventFigures':
      return eventFigureDocId(r as { eventId: string; day: string; week: string; kind: string });
    case 'siteFigures':
      return siteFigureDocId(r as { week: string; category: string; canton: string; kind: string });
    case 'federationRecords':
      return federationDocId(String(r.kind), String(r.key));
    case 'organizerMembers':
      return memberDocId(String(r.organizerId), String(r.uid));
    case 'favourites':
      return docKey(String(r.uid), String(r.eventId), String(r.startsAt));
    case 'follows':
      return docKey(String(r.uid), String(r.kind), String(r.slug));
    default:
      return recordName(collection, r);
  }
}

const USER_DEFAULTS = {
  fcmTokens: {},
  fcmToken: null,
  fcmTokenUpdatedAt: null,
  photoURL: null,
  passwordHash: null,
  trusted: false,
};

function fromDoc(collection: DatasetCollection, id: string, d: DataRecord): DataRecord {
  switch (collection) {
    case 'users': {
      const { emailLower: _derived, searchGrams: _grams, ...user } = d;
      return { ...USER_DEFAULTS, ...user, uid: id };
    }
    case 'events':
      return fromEventDoc({ ...(d as Partial<EventDoc>), id }) as unknown as DataRecord;
    case 'categories':
      return { ...d, slug: id };
    case 'venues':
      return fromPlaceDoc(d);
    case 'moderationLog':
      // Entries written before the title was kept (decision 029) have none.
      return { ...d, eventTitle: String(d.eventTitle ?? '') };
    case 'federationRecords': {
      // The value is kept as JSON text in Firestore (adapters/firestore/federation.ts).
      const { data, ...fields } = d;
      return { ...fields, expiresAt: fields.expiresAt ?? null, value: JSON.parse(String(data)) };
    }
    case 'federationQueue': {
      const { data, ...fields } = d;
      return { id, ...fields, payload: JSON.parse(String(data)) };
    }
    case 'registrationOpenings': {
      const { turn, ...fields } = d;
      return { ...fields, nextSeq: Number(turn ?? 0) };
    }
    case 'importRuns':
      // Runs logged before they were numbered have no `seq`.
      return { ...d, seq: Number(d.seq ?? 0) };
    case 'sessions':
    case 'authTokens':
    case 'notifications':
    case 'contactMessages':
    case 'partners':
    case 'alerts':
    case 'mailQueue':
    case 'visitorPushes':
    case 'organizerInvitations':
    case 'registrations':
      return { ...d, id };
    default:
      return d;
  }
}

function toDoc(collection: DatasetCollection, r: DataRecord): DataRecord {
  switch (collection) {
    case 'users':
      return {
        ...r,
        emailLower: emailKey(String(r.email)),
        searchGrams: userSearchGrams(String(r.displayName ?? ''), String(r.email)),
      };
    case 'events':
      return toEventDoc(r as unknown as AgendaEvent) as unknown as DataRecord;
    case 'venues':
      return { ...r, [WITHOUT_POINT]: r.lat === null || r.lng === null };
    case 'notifications':
    case 'alerts':
    case 'mailQueue':
    case 'visitorPushes':
    case 'organizerInvitations':
    case 'registrations': {
      const { id: _id, ...fields } = r;
      return fields;
    }
    case 'registrationOpenings': {
      const { nextSeq, ...fields } = r;
      return { ...fields, turn: nextSeq };
    }
    case 'federationRecords': {
      const { value, ...fields } = r;
      return { ...fields, data: JSON.stringify(value ?? null) };
    }
    case 'federationQueue': {
      const { id: _id, payload, ...fields } = r;
      return { ...fields, data: JSON.stringify(payload ?? null) };
    }
    default:
      return r;
  }
}

/** Every collection, read in one read-only transaction: one consistent state while the site goes on writing. */
export async function dumpFirestore(db: Firestore): Promise<Dataset> {
  return db.runTransaction(
    async (tx) => {
      const data = emptyDataset();
      for (const collection of DATASET_COLLECTIONS) {
        const snapshot = await tx.get(db.collection(COLLECTIONS[collection]));
        data[collection] = snapshot.docs.map((doc) => fromDoc(collection, doc.id, doc.data()));
      }
      return data;
    },
    { readOnly: true },
  );
}

export async function loadFirestore(db: Firestore, data: Dataset): Promise<void> {
  for (const collection of DATASET_COLLECTIONS) {
    const ref = db.collection(COLLECTIONS[collection]);
    await inBatches(db, data[collection], (batch, r) => batch.set(ref.doc(docId(collection, r)), toDoc(collection, r)));
  }
  // Occurrences are derived (decision 041): rebuilt from each event's schedule up to the horizon.
  const occurrences = data.events.flatMap((r) => {
    const e = fromEventDoc(r as Partial<EventDoc>);
    return occurrenceDocs(e, horizonFor(e)).map((o) => ({ id: occurrenceKey(e.id, o.startsTs), o }));
  });
  await inBatches(db, occurrences, (batch, { id, o }) =>
    batch.set(db.collection(COLLECTIONS.eventOccurrences).doc(id), o),
  );
  await inBatches(db, data.events, (batch, r) =>
    batch.update(db.collection(COLLECTIONS.events).doc(String(r.id)), {
      occurrencesUntil: horizonFor(r as unknown as AgendaEvent).getTime(),
    }),
  );
  // The (day, path) markers of the page views, from which the dashboard's top pages start (issue 35).
  const markers = new Map(
    data.pageViews.map((r) => {
      const view = { path: String(r.path), viewedAt: String(r.viewedAt) };
      return [pageViewMarkerId(view), { day: view.viewedAt.slice(0, 10), path: view.path }] as const;
    }),
  );
  await inBatches(db, [...markers], (batch, [id, marker]) =>
    batch.set(db.collection(COLLECTIONS.pageViewPaths).doc(id), marker),
  );
  const emails = db.collection(COLLECTIONS.userEmails);
  await inBatches(db, data.users, (batch, u) => batch.set(emails.doc(emailKey(String(u.email))), { uid: u.uid }));
}
