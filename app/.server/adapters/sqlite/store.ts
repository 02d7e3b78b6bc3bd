// better-sqlite3 implementation of the store ports (the default backend). One file per aggregate beside this one.
import type { Store } from '../../ports';
import { createAlertStore } from './alerts';
import { createAuthTokenStore } from './auth-tokens';
import { createCategoryStore } from './categories';
import { createContactMessageStore } from './contact-messages';
import type { Db } from './db';
import { createDonationStore } from './donations';
import { createEventStore } from './events';
import { createFederationStore } from './federation';
import { createHealthStore } from './health';
import { createImportStore } from './imports';
import { createMailQueueStore } from './mail-queue';
import { createModerationLogStore } from './moderation-log';
import { createNotificationStore } from './notifications';
import { createPartnerStore } from './partners';
import { createOrganizerStore, createVenueStore } from './places';
import { createSessionStore } from './sessions';
import { createStatsStore } from './stats';
import { createUserStore } from './users';

export function createSqliteStore(db: Db): Store {
  const totalChanges = db.prepare('SELECT total_changes() AS n');
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  // Rows this connection wrote into page_views: left out of the revision (see StatsStore.recordPageView).
  let pageViewChanges = 0;
  /** Runs writes that change no page, their rows left out of the revision. */
  const unrevised = <T>(write: () => T): T => {
    const before = (totalChanges.get() as { n: number }).n;
    try {
      return write();
    } finally {
      pageViewChanges += (totalChanges.get() as { n: number }).n - before;
    }
  };

  return {
    users: createUserStore(db),
    categories: createCategoryStore(db),
    partners: createPartnerStore(db),
    venues: createVenueStore(db),
    organizers: createOrganizerStore(db),
    stats: createStatsStore(db, () => {
      pageViewChanges++;
    }),
    donations: createDonationStore(db),
    imports: createImportStore(db),
    alerts: createAlertStore(db),
    mails: createMailQueueStore(db),
    // A readiness probe writes a row on every call: it must not empty the page and read caches.
    health: createHealthStore(db, unrevised),
    // The federation's writes (queue, caches, followers) change no page: left out of the revision too.
    federation: createFederationStore(db, unrevised),

    sessions: createSessionStore(db),
    authTokens: createAuthTokenStore(db),
    events: createEventStore(db),
    moderationLog: createModerationLogStore(db),
    contactMessages: createContactMessageStore(db),
    revision() {
      // Own writes (total_changes) plus commits by other connections, e.g. the user:create CLI (data_version).
      return ((totalChanges.get() as { n: number }).n - pageViewChanges) * 1_000_000 + (dataVersion.get() as number);
    },

    notifications: createNotificationStore(db),
    async close() {
      db.close();
    },

    async isEmpty() {
      const row = db
        .prepare(
          'SELECT (SELECT COUNT(*) FROM categories) + (SELECT COUNT(*) FROM events) + (SELECT COUNT(*) FROM users) AS n',
        )
        .get() as { n: number };
      return row.n === 0;
    },
  };
}
