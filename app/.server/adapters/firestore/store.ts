// firebase-admin implementation of the store ports (DATA_BACKEND=firestore). One file per aggregate beside this one;
// docs/decisions/016-recherche-firestore.md and 017-firestore-transactions-et-revision.md explain the choices.
import type { Firestore } from 'firebase-admin/firestore';
import type { AgendaEvent } from '~/domain/event';
import { awaitsModeration } from '~/domain/event-lifecycle';
import type { Store } from '../../ports';
import { createAlertStore } from './alerts';
import { createAuthTokenStore } from './auth-tokens';
import { createCategoryStore } from './categories';
import { createContactMessageStore } from './contact-messages';
import type { FirestoreContext } from './context';
import { COLLECTIONS, createKeyedLock, inBatches } from './db';
import { createDonationStore } from './donations';
import { parseIndexedEvent } from './event-docs';
import type { IndexedEvent } from './event-index';
import { createEventStore } from './events';
import { createFederationStore } from './federation';
import { createHealthStore } from './health';
import { createHolidayStore } from './holidays';
import { createImportStore } from './imports';
import { LiveQuery } from './live-query';
import { createMailQueueStore } from './mail-queue';
import { createModerationLogStore } from './moderation-log';
import { createNotificationStore } from './notifications';
import { createPartnerStore } from './partners';
import { createOrganizerStore, createVenueStore } from './places';
import { createSessionStore } from './sessions';
import { createStatsStore } from './stats';
import { createUserStore } from './users';
import { createVisitorPushStore } from './visitor-pushes';

export interface FirestoreStore extends Store {
  /** Resolves once the listeners have their first snapshot (the mirrors are complete). */
  ready(): Promise<void>;
}

export function createFirestoreStore(db: Firestore): FirestoreStore {
  // revision(): bumped by every write of this process and by every change a listener reports (other instances,
  // scripts). Read caches and the live hub only compare it with what they saw: any change means « look again ».
  let revision = 0;
  const touched = () => {
    revision += 1;
  };
  const eventsRef = db.collection(COLLECTIONS.events);
  const events = new LiveQuery({ query: eventsRef, parse: parseIndexedEvent, onChange: touched });
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
    async refreshEvent(id) {
      const snapshot = await eventsRef.doc(id).get();
      events.apply(snapshot);
      awaiting.apply(snapshot);
    },
  };
  const upgraded = Promise.all([events.ready(), awaiting.ready()])
    .then(() => upgradeEvents(db, events.values(), new Set(awaiting.values().map((i) => i.event.id))))
    .catch((error) => console.error('[firestore] mise à niveau des événements impossible', error));

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
    contactMessages: createContactMessageStore(ctx),
    notifications: createNotificationStore(ctx),
    stats: createStatsStore(ctx),
    donations: createDonationStore(ctx),
    imports: createImportStore(ctx),
    alerts: createAlertStore(ctx),
    holidays: createHolidayStore(ctx),
    visitorPushes: createVisitorPushStore(ctx),
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
      categories.close();
    },
  };
}

/**
 * Documents written before the event lifecycle of decision 029, brought up to date once (as SQLite's migration 9
 * does): the `awaitingModeration` flag the live count listens to, and events cancelled without an approval of what
 * they show (never moderated, refused, or edited since their moderation) withdrawn. Only what differs is written.
 */
async function upgradeEvents(db: Firestore, all: IndexedEvent[], flagged: ReadonlySet<string>): Promise<void> {
  const changes: { id: string; fields: Partial<AgendaEvent> & { awaitingModeration?: boolean } }[] = [];
  for (const { event } of all) {
    const fields: Partial<AgendaEvent> & { awaitingModeration?: boolean } = {};
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
    if (awaiting !== flagged.has(event.id)) fields.awaitingModeration = awaiting;
    if (Object.keys(fields).length > 0) changes.push({ id: event.id, fields });
  }
  await inBatches(db, changes, (batch, c) => batch.update(db.collection(COLLECTIONS.events).doc(c.id), c.fields));
}
