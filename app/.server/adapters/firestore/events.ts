// Events of the Firestore store: documents in `events` (docs/specification.md §3), searched and counted on the in-process mirror,
// written in transactions where a use case writes more than one document.
import { calendarSequence } from '~/domain/calendar-sequence';
import { EVENT_STATUSES } from '~/domain/event';
import type { EventQuery, EventStore, ModerationEntry, ModerationLogInput } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, docKey, isAlreadyExists } from './db';
import { eventConverter, fromEventDoc, parseIndexedEvent, toEventDoc } from './event-docs';
import { emptyStatusCounts, type IndexedEvent, mapPointsOf, searchIndex, suggestionTextsOf } from './event-index';
import { createEventOccurrences } from './event-occurrences';
import { createEventPlaceQueries } from './event-places';
import { createEventSitemapQueries } from './event-sitemap';
import { geoIndex } from './geo-index';
import { moderationLister } from './moderation-list';
import { adminNames, moderationEntryConverter, newModerationId } from './moderation-log';

interface SubmissionDoc {
  uid: string;
  submissionKey: string;
  eventId: string;
  createdAt: string;
}

export function createEventStore(ctx: FirestoreContext): EventStore {
  const { db } = ctx;
  const events = () => db.collection(COLLECTIONS.events).withConverter(eventConverter);
  const submissions = () => db.collection(COLLECTIONS.eventSubmissions);
  const log = () => db.collection(COLLECTIONS.moderationLog).withConverter(moderationEntryConverter);
  const dates = createEventOccurrences(ctx);
  const logEntry = (key: string, id: number, eventId: string, eventTitle: string, entry: ModerationLogInput) =>
    [log().doc(key), { ...entry, id, eventId, eventTitle }] as const;
  const mirror = async () => {
    await ctx.events.ready();
    return ctx.events.values();
  };
  const geo = geoIndex(ctx.events);
  /**
   * What a query reads: the public copy (around a place, only the geohash ranges of its circle, decision 115); a query
   * about events over before the copy starts (a venue's or an organizer's past) reads that record's events, and only
   * an unscoped one every event (decision 160).
   */
  const candidates = async (q: EventQuery): Promise<Iterable<IndexedEvent>> => {
    if (!ctx.copyServes(q.status, q.endsAfter)) {
      const scope = q.venueId ? ['venueId', q.venueId] : q.organizerId ? ['organizerId', q.organizerId] : null;
      if (!scope) return ctx.allEvents();
      const found = await db.collection(COLLECTIONS.events).where(scope[0], '==', scope[1]).get();
      return found.docs.map(parseIndexedEvent);
    }
    if (!q.near) return mirror();
    await ctx.events.ready();
    return geo.candidates(q.near);
  };
  /** Counts per status by aggregations (one read per 1,000 counted), never by reading the events. */
  const countStatuses = async (base: FirebaseFirestore.Query) => {
    const counts = emptyStatusCounts();
    await Promise.all(
      EVENT_STATUSES.map(async (s) => {
        counts[s] = (await base.where('status', '==', s).count().get()).data().count;
      }),
    );
    return counts;
  };

  return {
    ...createEventPlaceQueries(ctx),
    ...createEventSitemapQueries(ctx),
    async search(q) {
      return searchIndex(await candidates(q), q);
    },
    async mapPoints(q, max) {
      return mapPointsOf(await candidates(q), q, max);
    },
    async suggestionTexts(q) {
      return suggestionTextsOf(await candidates(q), q);
    },
    async findById(id) {
      const snapshot = await events().doc(id).get();
      return snapshot.data() ?? null;
    },
    async findByIds(ids) {
      if (ids.length === 0) return [];
      const snapshots = await db.getAll(...[...new Set(ids)].map((id) => events().doc(id)));
      return snapshots.flatMap((s) => s.data() ?? []);
    },
    async insertMany(list) {
      // One batch per event and its occurrences (up to 500 with the event: within a commit's limits).
      for (const e of list) {
        const batch = db.batch();
        const stale = await dates.storedIds(e.id);
        batch.set(events().doc(e.id), e);
        dates.write(batch, e, stale);
        await batch.commit();
      }
      for (const e of list) await ctx.refreshEvent(e.id);
      ctx.touched();
    },
    async countUpcomingByCategory(endsAfter, status) {
      const after = Date.parse(endsAfter);
      const counts: Record<string, number> = {};
      for (const i of ctx.copyServes(status, endsAfter) ? await mirror() : await ctx.allEvents()) {
        if (!status.includes(i.event.status) || !(i.endsTs > after)) continue;
        // A series counts once (decision 065), as on SQLite.
        if (i.occurrences.some((o) => o.endsTs > after)) counts[i.event.category] = (counts[i.event.category] ?? 0) + 1;
      }
      return counts;
    },
    async countAwaitingModeration() {
      await ctx.awaiting.ready();
      return ctx.awaiting.size;
    },
    async createSubmission({ uid, submissionKey, event, entry }) {
      const keyRef = submissions().doc(docKey(uid, submissionKey));
      const run = () =>
        db.runTransaction(async (tx) => {
          const existing = await tx.get(keyRef);
          if (existing.exists) return { id: String(existing.get('eventId')), created: false };
          const number = entry ? newModerationId(entry.createdAt) : null;
          // The key is created first: if another writer took it, the commit fails before the event is written.
          tx.create(keyRef, {
            uid,
            submissionKey,
            eventId: event.id,
            createdAt: event.createdAt,
          } satisfies SubmissionDoc);
          tx.create(events().doc(event.id), event);
          dates.write(tx, event, []);
          if (entry && number) tx.create(...logEntry(number.key, number.id, event.id, event.title, entry));
          return { id: event.id, created: true };
        });
      let result: { id: string; created: boolean };
      try {
        result = await ctx.lock(`submission:${keyRef.id}`, run);
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
        result = { id: String((await keyRef.get()).get('eventId')), created: false };
      }
      if (result.created) {
        await ctx.refreshEvent(result.id);
        ctx.touched();
      }
      const stored = (await events().doc(result.id).get()).data();
      if (!stored) throw new Error(`Événement ${result.id} introuvable après sa soumission`);
      return { event: stored, created: result.created };
    },
    async transition({ seen, next: asked, entry }) {
      const ref = events().doc(asked.id);
      let next = asked;
      const stored = await ctx.lock(`event:${asked.id}`, () =>
        db.runTransaction(async (tx) => {
          const current = (await tx.get(ref)).data();
          if (!current || current.updatedAt !== seen) return false;
          // The SEQUENCE follows what is stored, whatever the caller's copy says (issue 52).
          next = { ...asked, icalSequence: calendarSequence(current, asked) };
          // Every read of a transaction comes before its writes: the occurrences first.
          const stale = await dates.storedIds(next.id, tx);
          const number = entry ? newModerationId(entry.createdAt) : null;
          tx.set(ref, next);
          dates.write(tx, next, stale);
          if (entry && number) tx.create(...logEntry(number.key, number.id, next.id, next.title, entry));
          return true;
        }),
      );
      if (!stored) return null;
      await ctx.refreshEvent(next.id);
      ctx.touched();
      return fromEventDoc(toEventDoc(next));
    },
    async remove({ id, seen, entry }) {
      const ref = events().doc(id);
      const removed = await ctx.lock(`event:${id}`, () =>
        db.runTransaction(async (tx) => {
          const current = (await tx.get(ref)).data();
          if (!current || current.updatedAt !== seen) return false;
          const keys = await tx.get(submissions().where('eventId', '==', id));
          const decisions = await tx.get(log().where('eventId', '==', id));
          const stale = await dates.storedIds(id, tx);
          const number = newModerationId(entry.createdAt);
          // Submission keys go with the event; its decisions stay, under the title they were taken on (entries
          // written before titles were kept get its last one).
          for (const key of keys.docs) tx.delete(key.ref);
          for (const decision of decisions.docs.filter((d) => !d.data().eventTitle)) {
            tx.update(decision.ref, { eventTitle: current.title });
          }
          dates.remove(tx, stale);
          tx.delete(ref);
          tx.create(...logEntry(number.key, number.id, id, current.title, entry));
          return true;
        }),
      );
      if (removed) {
        await ctx.refreshEvent(id);
        ctx.touched();
      }
      return removed;
    },
    async findSubmission(uid, submissionKey) {
      const snapshot = await submissions().doc(docKey(uid, submissionKey)).get();
      return snapshot.exists ? String(snapshot.get('eventId')) : null;
    },
    async listByOwner(uid) {
      // From the database, not the listeners' mirror: organizers see at once what they have just submitted, whichever
      // instance answers (the mirror of another instance may not have caught up yet).
      const snapshot = await events().where('createdBy', '==', uid).get();
      return snapshot.docs.map((d) => d.data()).sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
    },
    async listNear({ city, from, to, excludeId, statuses }) {
      const lo = Date.parse(from);
      const hi = Date.parse(to);
      const target = city.toLowerCase();
      // The events starting in the window, whatever their status: bounded by the window, not by the collection.
      const found = await db
        .collection(COLLECTIONS.events)
        .where('startsTs', '>=', lo)
        .where('startsTs', '<=', hi)
        .get();
      return found.docs
        .map(parseIndexedEvent)
        .filter(
          (i) =>
            statuses.includes(i.event.status) &&
            i.event.city.toLowerCase() === target &&
            i.startsTs >= lo &&
            i.startsTs <= hi &&
            i.event.id !== excludeId,
        )
        .sort((a, b) => a.startsTs - b.startsTs || (a.event.id < b.event.id ? -1 : 1))
        .slice(0, 20)
        .map((i) => i.event);
    },
    async listImagePaths() {
      // From the database, not the mirror: a clean-up must not miss an image another instance has just saved.
      const snapshot = await db.collection(COLLECTIONS.events).select('image', 'revision').get();
      return snapshot.docs.flatMap((d) =>
        [d.get('image')?.path, d.get('revision')?.image?.path].filter((p): p is string => typeof p === 'string'),
      );
    },
    listForModeration: moderationLister(ctx),
    async countAllByStatus() {
      return countStatuses(db.collection(COLLECTIONS.events));
    },
    async countByOwner(uid) {
      return countStatuses(db.collection(COLLECTIONS.events).where('createdBy', '==', uid));
    },
    async occurrences(eventId, endsAfter) {
      return dates.list(eventId, endsAfter);
    },
    async extendOccurrences(horizon) {
      const until = new Date(horizon);
      // The series not over when the copy starts, whatever their status (decision 160): not every series ever stored.
      const series = await db
        .collection(COLLECTIONS.events)
        .where('series', '==', true)
        .where('endsTs', '>=', ctx.publicSince)
        .get();
      const due = series.docs
        .map(parseIndexedEvent)
        .filter((i) => i.event.schedule && i.occurrencesUntil < until.getTime());
      let extended = 0;
      for (const { event } of due) {
        const ref = db.collection(COLLECTIONS.events).doc(event.id);
        const done = await ctx.lock(`event:${event.id}`, () =>
          db.runTransaction(async (tx) => {
            const current = (await tx.get(events().doc(event.id))).data();
            const snapshot = await tx.get(ref);
            if (!current || Number(snapshot.get('occurrencesUntil') ?? 0) >= until.getTime()) return false;
            if (Date.parse(current.endsAt) <= Number(snapshot.get('occurrencesUntil') ?? 0)) return false;
            const stale = await dates.storedIds(event.id, tx);
            dates.write(tx, current, stale, until);
            return true;
          }),
        );
        if (done) {
          extended += 1;
          await ctx.refreshEvent(event.id);
        }
      }
      if (extended > 0) ctx.touched();
      return extended;
    },
    async moderationHistory(eventId) {
      const snapshot = await log().where('eventId', '==', eventId).get();
      const event = await this.findById(eventId);
      const rows = snapshot.docs
        .map((d) => d.data())
        .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
      const names = await adminNames(db, rows);
      return rows.map(
        (r): ModerationEntry => ({
          ...r,
          eventTitle: event?.title ?? r.eventTitle,
          adminName: names.get(r.adminUid ?? '') ?? 'Administrateur supprimé',
        }),
      );
    },
  };
}
