// firebase-admin implementation of the store ports (DATA_BACKEND=firestore). One file per aggregate beside this one;
// docs/decisions/016-recherche-firestore.md and 017-firestore-transactions-et-revision.md explain the choices.
import type { Firestore } from 'firebase-admin/firestore';
import type { AgendaEvent } from '~/domain/event';
import { awaitsModeration } from '~/domain/event-lifecycle';
import { PUBLIC_STATUSES } from '~/domain/event-visibility';
import type { Store } from '../../ports';
import { createAlertStore } from './alerts';
import { createAuthTokenStore } from './auth-tokens';
import { createCategoryStore } from './categories';
import { createContactMessageStore } from './contact-messages';
import type { FirestoreContext } from './context';
import { COLLECTIONS, createKeyedLock, inBatches } from './db';
import { createDonationStore } from './donations';
import { PLACES_MISSING, parseIndexedEvent, placesMissing } from './event-docs';
import type { IndexedEvent } from './event-index';
import { createEventStore } from './events';
import { createFavouriteStore } from './favourites';
import { createFederationStore } from './federation';
import { createHealthStore } from './health';
import { createHolidayStore } from './holidays';
import { createImportStore } from './imports';
import { LiveQuery } from './live-query';
import { createMailQueueStore } from './mail-queue';
import { createModerationLogStore } from './moderation-log';
import { createNotificationStore } from './notifications';
import { createOrganizerInvitationStore } from './organizer-invitations';
import { createOrganizerMemberStore } from './organizer-members';
import { createPartnerStore } from './partners';
import { createOrganizerStore, createVenueStore } from './places';
import { createRegistrationStore } from './registrations';
import { createSessionStore } from './sessions';
import { createStatsStore } from './stats';
import { createUserStore } from './users';
import { createVisitorPushStore } from './visitor-pushes';

export interface FirestoreStore extends Store {
  /** Resolves once the listeners have their first snapshot (the mirrors are complete). */
  ready(): Promise<void>;
}

/** How far back the public copy reaches from the instance's start: the night's events still under way (decision 160). */
const COPY_MARGIN_MS = 86_400_000;

export function createFirestoreStore(db: Firestore, startedAt = new Date()): FirestoreStore {
  // revision(): bumped by every write of this process and by every change a listener reports (other instances,
  // scripts). Read caches and the live hub only compare it with what they saw: any change means « look again ».
  let revision = 0;
  const touched = () => {
    revision += 1;
  };
  const eventsRef = db.collection(COLLECTIONS.events);
  // The public copy (decision 160): public events not over a day before the start, not every event ever stored.
  const publicSince = startedAt.getTime() - COPY_MARGIN_MS;
  const isPublic = (status: string) => (PUBLIC_STATUSES as readonly string[]).includes(status);
  const events = new LiveQuery({
    query: eventsRef.where('status', 'in', [...PUBLIC_STATUSES]).where('endsTs', '>=', publicSince),
    parse: parseIndexedEvent,
    belongs: (i) => isPublic(i.event.status) && i.endsTs >= publicSince,
    onChange: touched,
  });
  let all: LiveQuery<IndexedEvent> | null = null;
  const awaiting = new LiveQuery({
    query: eventsRef.where('awaitingModeration', '==', true),
    parse: parseIndexedEvent,
    belongs: (e) => awaitsModeration(e.event),
    onChange: touched,
  });
  // Categories are cached per revision too (decision 011): another instance's edit must show here.
  const categories = new LiveQuery({
    query: db.collection(COLLECTIONS.categories),
    parse: (s) => s.id,
    onChange: touched,
  });

  const ctx: FirestoreContext = {
    db,
    lock: createKeyedLock(),
    events,
    awaiting,
    touched,
    publicSince,
    copyServes: (status, endsAfter) =>
      endsAfter !== undefined && Date.parse(endsAfter) >= publicSince && status.every(isPublic),
    async allEvents() {
      all ??= new LiveQuery({ query: eventsRef, parse: parseIndexedEvent, onChange: touched });
      await all.ready();
      return all.values();
    },
    applyEvent(snapshot) {
      events.apply(snapshot);
      awaiting.apply(snapshot);
      all?.apply(snapshot);
    },
    async refreshEvent(id) {
      ctx.applyEvent(await eventsRef.doc(id).get());
    },
  };
  const upgraded = upgradeEvents(db).catch((error) =>
    console.error('[firestore] mise à niveau des événements impossible', error),
  );

  const eventStore = createEventStore(ctx);
  return {
    users: createUserStore(ctx),
    sessions: createSessionStore(ctx),
    authTokens: createAuthTokenStore(ctx),
    categories: createCategoryStore(ctx),
    events: eventStore,
    moderationLog: createModerationLogStore(ctx),
    partners: createPartnerStore(ctx),
    venues: createVenueStore(ctx),
    organizers: createOrganizerStore(ctx),
    organizerMembers: createOrganizerMemberStore(ctx),
    organizerInvitations: createOrganizerInvitationStore(ctx),
    contactMessages: createContactMessageStore(ctx),
    notifications: createNotificationStore(ctx),
    stats: createStatsStore(ctx),
    donations: createDonationStore(ctx),
    imports: createImportStore(ctx),
    alerts: createAlertStore(ctx),
    holidays: createHolidayStore(ctx),
    visitorPushes: createVisitorPushStore(ctx),
    favourites: createFavouriteStore(ctx),
    registrations: createRegistrationStore(ctx),
    mails: createMailQueueStore(ctx),
    federation: createFederationStore(ctx),
    health: createHealthStore(ctx),
    async isEmpty() {
      const [c, e, u] = await Promise.all(
        [COLLECTIONS.categories, COLLECTIONS.events, COLLECTIONS.users].map((name) =>
          db.collection(name).limit(1).get(),
        ),
      );
      return c.empty && e.empty && u.empty;
    },
    revision: () => revision,
    async ready() {
      await Promise.all([events.ready(), awaiting.ready(), categories.ready(), upgraded]);
    },
    async close() {
      events.close();
      awaiting.close();
      all?.close();
      categories.close();
    },
  };
}

/** The marker of the upgrade below: once per database, not at each start (decision 160). */
export const EVENTS_UPGRADE = 'eventFlags160';

/**
 * Documents written before the event lifecycle of decision 029, brought up to date once per database (as SQLite's
 * migration 9 does): the `awaitingModeration` flag the live count listens to, events cancelled without an approval of
 * what they show (never moderated, refused, or edited since their moderation) withdrawn, and the `placesMissing` and
 * `series` flags the places migration and the daily extension query (decision 160). Only what differs is written; a marker says it is done.
 */
async function upgradeEvents(db: Firestore): Promise<void> {
  const marker = db.collection(COLLECTIONS.upgrades).doc(EVENTS_UPGRADE);
  if ((await marker.get()).exists) return;
  const all = await db.collection(COLLECTIONS.events).get();
  const changes: { id: string; fields: Partial<AgendaEvent> & Record<string, unknown> }[] = [];
  for (const doc of all.docs) {
    const { event } = parseIndexedEvent(doc);
    const fields: Partial<AgendaEvent> & Record<string, unknown> = {};
    const unapproved =
      event.moderatedAt === null || event.rejectionReason !== '' || (event.pendingChanges ?? []).length > 0;
    if (event.status === 'cancelled' && event.previousStatus === null && unapproved) {
      Object.assign(fields, {
        status: 'withdrawn',
        featured: false,
        previousStatus: event.rejectionReason ? 'rejected' : 'pending',
      });
    }
    const awaiting = awaitsModeration({ ...event, ...fields });
    if (awaiting !== (doc.get('awaitingModeration') === true)) fields.awaitingModeration = awaiting;
    const missing = placesMissing(event);
    if (doc.get(PLACES_MISSING) !== missing) fields[PLACES_MISSING] = missing;
    if (doc.get('series') !== (event.schedule != null)) fields.series = event.schedule != null;
    if (Object.keys(fields).length > 0) changes.push({ id: event.id, fields });
  }
  await inBatches(db, changes, (batch, c) => batch.update(db.collection(COLLECTIONS.events).doc(c.id), c.fields));
  await marker.set({ doneAt: new Date().toISOString() });
}
