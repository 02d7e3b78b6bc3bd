// An account's favourites in Firestore (decision 170): `favourites/{uid:event:date}` (the date '' for the event or the
// whole series, as in SQLite; a single-field query on `uid`),
// added in a transaction that reads the account's own so that the bound holds across instances; the feed's secret in
// `favouriteFeeds/{uid}`, found by a single-field query on `token`; what it follows in `follows/{uid:kind:slug}`
// (decision 173), bounded in a transaction as favourites are. users.ts deletes them all with the account.
import type { DocumentData } from 'firebase-admin/firestore';
import type { Favourite, FavouriteKey, FavouriteStore, Follow } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, docKey } from './db';

const toFavourite = (d: DocumentData): Favourite => ({
  eventId: String(d.eventId),
  startsAt: d.startsAt ? String(d.startsAt) : null,
  createdAt: String(d.createdAt),
});

const byAge = (a: Favourite, b: Favourite) =>
  a.createdAt.localeCompare(b.createdAt) ||
  a.eventId.localeCompare(b.eventId) ||
  (a.startsAt ?? '').localeCompare(b.startsAt ?? '');

export function createFavouriteStore(ctx: FirestoreContext): FavouriteStore {
  const { db } = ctx;
  const favourites = () => db.collection(COLLECTIONS.favourites);
  const feeds = () => db.collection(COLLECTIONS.favouriteFeeds);
  const follows = () => db.collection(COLLECTIONS.follows);
  const followRef = (uid: string, key: { kind: string; slug: string }) =>
    follows().doc(docKey(uid, key.kind, key.slug));
  const ref = (uid: string, key: FavouriteKey) => favourites().doc(docKey(uid, key.eventId, key.startsAt ?? ''));

  return {
    async list(uid) {
      const { docs } = await favourites().where('uid', '==', uid).get();
      return docs.map((d) => toFavourite(d.data())).sort(byAge);
    },
    async add(uid, keys, now, max) {
      return db.runTransaction(async (tx) => {
        const { docs } = await tx.get(favourites().where('uid', '==', uid));
        const kept = new Set(docs.map((d) => d.id));
        let added = 0;
        for (const key of keys) {
          if (kept.size >= max) break;
          const doc = ref(uid, key);
          if (kept.has(doc.id)) continue;
          kept.add(doc.id);
          tx.create(doc, { uid, eventId: key.eventId, startsAt: key.startsAt ?? '', createdAt: now });
          added++;
        }
        return added;
      });
    },
    async remove(uid, key) {
      const doc = ref(uid, key);
      return db.runTransaction(async (tx) => {
        if (!(await tx.get(doc)).exists) return false;
        tx.delete(doc);
        return true;
      });
    },
    async feedToken(uid) {
      const doc = await feeds().doc(uid).get();
      return doc.exists ? String(doc.get('token')) : null;
    },
    async setFeedToken(uid, token, now) {
      await feeds().doc(uid).set({ uid, token, createdAt: now });
    },
    async feedOwner(token) {
      const { docs } = await feeds().where('token', '==', token).limit(1).get();
      return docs.length ? String(docs[0].get('uid')) : null;
    },
    async follows(uid) {
      const { docs } = await follows().where('uid', '==', uid).get();
      return docs
        .map(
          (d): Follow => ({ kind: d.get('kind'), slug: String(d.get('slug')), createdAt: String(d.get('createdAt')) }),
        )
        .sort(
          (a, b) =>
            a.createdAt.localeCompare(b.createdAt) || a.kind.localeCompare(b.kind) || a.slug.localeCompare(b.slug),
        );
    },
    async follow(uid, key, now, max) {
      const doc = followRef(uid, key);
      return db.runTransaction(async (tx) => {
        const { docs } = await tx.get(follows().where('uid', '==', uid));
        if (docs.some((d) => d.id === doc.id)) return true;
        if (docs.length >= max) return false;
        tx.create(doc, { uid, kind: key.kind, slug: key.slug, createdAt: now });
        return true;
      });
    },
    async unfollow(uid, key) {
      const doc = followRef(uid, key);
      return db.runTransaction(async (tx) => {
        if (!(await tx.get(doc)).exists) return false;
        tx.delete(doc);
        return true;
      });
    },
  };
}
