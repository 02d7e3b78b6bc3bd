// better-sqlite3 implementation of the store ports (the default backend). One file per aggregate beside this one.
import type { Store } from '../../ports';
import { createAlertStore } from './alerts';
import { createAuthTokenStore } from './auth-tokens';
import { createCategoryStore } from './categories';
import { createContactMessageStore } from './contact-messages';
import type { Db } from './db';
import { createDonationStore } from './donations';
import { createEventStore } from './events';
import { createFavouriteStore } from './favourites';
import { createFederationStore } from './federation';
import { createHealthStore } from './health';
import { createHolidayStore } from './holidays';
import { createImportStore } from './imports';
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

export function createSqliteStore(db: Db): Store {
  // Bumped by triggers on the tables that pages, read caches and the admins' live view read, whichever process writes
  // (migration 20, decision 104): a queued delivery, a mail, a page view or a readiness probe leaves it as it is.
  const revision = db.prepare('SELECT n FROM site_revision WHERE id = 1').pluck();

  return {
    users: createUserStore(db),
    categories: createCategoryStore(db),
    partners: createPartnerStore(db),
    venues: createVenueStore(db),
    organizers: createOrganizerStore(db),
    organizerMembers: createOrganizerMemberStore(db),
    organizerInvitations: createOrganizerInvitationStore(db),
    stats: createStatsStore(db),
    donations: createDonationStore(db),
    imports: createImportStore(db),
    alerts: createAlertStore(db),
    holidays: createHolidayStore(db),
    visitorPushes: createVisitorPushStore(db),
    favourites: createFavouriteStore(db),
    registrations: createRegistrationStore(db),
    mails: createMailQueueStore(db),
    health: createHealthStore(db),
    federation: createFederationStore(db),

    sessions: createSessionStore(db),
    authTokens: createAuthTokenStore(db),
    events: createEventStore(db),
    moderationLog: createModerationLogStore(db),
    contactMessages: createContactMessageStore(db),
    revision() {
      return revision.get() as number;
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
