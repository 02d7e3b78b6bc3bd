// firebase-admin implementation of the store ports (DATA_BACKEND=firestore). One file per aggregate beside this one;
// docs/decisions/016-recherche-firestore.md and 017-firestore-transactions-et-revision.md explain the choices.
import type { Firestore } from 'firebase-admin/firestore';
import type { Store } from '../../ports';
import { createAuthTokenStore } from './auth-tokens';
import { createCategoryStore } from './categories';
import { createContactMessageStore } from './contact-messages';
import type { FirestoreContext } from './context';
import { COLLECTIONS, createKeyedLock } from './db';
import { createDonationStore } from './donations';
import { createEventStore, parseIndexedEvent } from './events';
import { LiveQuery } from './live-query';
import { createNotificationStore } from './notifications';
import { createPartnerStore } from './partners';
import { createSessionStore } from './sessions';
import { createStatsStore } from './stats';
import { createUserStore } from './users';

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
  const pending = new LiveQuery({
    query: eventsRef.where('status', '==', 'pending'),
    parse: parseIndexedEvent,
    belongs: (e) => e.event.status === 'pending',
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
    pending,
    touched,
    async refreshEvent(id) {
      const snapshot = await eventsRef.doc(id).get();
      events.apply(snapshot);
      pending.apply(snapshot);
    },
  };

  const eventStore = createEventStore(ctx);
  return {
    users: createUserStore(ctx),
    sessions: createSessionStore(ctx),
    authTokens: createAuthTokenStore(ctx),
    categories: createCategoryStore(ctx),
    events: eventStore,
    partners: createPartnerStore(ctx),
    contactMessages: createContactMessageStore(ctx),
    notifications: createNotificationStore(ctx),
    stats: createStatsStore(ctx),
    donations: createDonationStore(ctx),
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
      await Promise.all([events.ready(), pending.ready(), categories.ready()]);
    },
    async close() {
      events.close();
      pending.close();
      categories.close();
    },
  };
}
