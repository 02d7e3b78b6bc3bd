// Every scheduled job of the site, in one list (decisions 051 and 061): the server's jobs worker runs them
// (app/.server/server/job-worker.ts) or Cloud Scheduler calls them by `POST /taches/:name`.
import { alertDeps } from './alerts/alerts';
import { sendDueDigests } from './alerts/digest';
import { dailyBackup } from './backup/daily';
import { extendOccurrences } from './events/occurrences';
import { cleanUp } from './files/clean-up';
import { runDueSources } from './imports/run-import';
import { deliverQueuedMails } from './mail/deliver';
import { attachPlacesToEvents, describeMigration } from './places/attach-places';
import { describeVenuePoints, pointVenues } from './places/venue-points';
import { urgent } from './platform/background';
import { deliverVisitorPushes } from './push/visitors';
import { registrationChores } from './registrations/reminders';
import type { Job } from './service-types';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const JOBS: readonly Job[] = [
  {
    name: 'occurrences',
    everyMs: 24 * HOUR,
    run: async ({ store }, now) => `${await extendOccurrences({ store }, now)} séries prolongées`,
  },
  {
    // Calendar sources (issue 21): the sources whose own interval (or back-off) is over, and those an admin asked to
    // import now (« Importer maintenant » only records the request, decision 058). Every minute on Cloud Scheduler;
    // the jobs worker also looks every few seconds, so that a request is taken up at once (nothing due: one query).
    name: 'sources',
    everyMs: MINUTE,
    pollMs: 5 * 1000,
    run: (services, now) =>
      runDueSources({ store: services.store, fetchText: services.fetchText, config: services.config, now: () => now }),
  },
  {
    // Email alerts (decision 048): each run queues the digests due (daily from 07:00, weekly on Thursday).
    name: 'alertes',
    everyMs: HOUR,
    run: (services, now) => sendDueDigests(alertDeps(services), now),
  },
  {
    // The mail queue (decision 060): woken by each mail recorded, and every few seconds for the retries due.
    name: 'mails',
    everyMs: MINUTE,
    pollMs: 5 * 1000,
    // Before the imports and digests of this process: they wait at their next slice while mails leave (issue 68).
    run: (services, now) => urgent(deliverQueuedMails(services, now)),
  },
  {
    // « Ça a lieu ? » by push (issue 51): the notifications of a status said, woken by it and every few seconds for
    // the retries; the subscriptions past their event are deleted.
    name: 'notifications',
    everyMs: MINUTE,
    pollMs: 5 * 1000,
    run: (services, now) => deliverVisitorPushes(services, now),
  },
  {
    // Places to book (decision 168): the reminder of the day before, and registrants' data deleted 30 days after.
    name: 'inscriptions',
    everyMs: HOUR,
    run: (services, now) => registrationChores(services, now),
  },
  {
    // With the federation on: a series whose date shown has passed is sent at its next one (issue 48).
    name: 'federation',
    everyMs: HOUR,
    run: async ({ federation }, now) =>
      federation ? `${await federation.refreshSeries(now)} séries envoyées à leur date suivante` : 'fédération éteinte',
  },
  {
    // The places migration of a large site (issue 50): left here by the start past PLACES_AT_START_MAX events
    // (server/startup.ts), run once the site serves; nothing to do afterwards (one query).
    name: 'lieux',
    everyMs: 24 * HOUR,
    run: async ({ store }, now) => {
      const places = await attachPlacesToEvents({ store }, now);
      // Then every venue without a point takes its locality's (issue 70).
      const points = await pointVenues({ store }, now);
      const pointed = points.pointed + points.without > 0 ? ` ; ${describeVenuePoints(points)}` : '';
      return (places.events > 0 ? describeMigration(places) : 'aucun événement à rattacher') + pointed;
    },
  },
  {
    // Files nothing refers to, stale pending uploads, failed mails past a month (decision 062).
    name: 'nettoyage',
    everyMs: 24 * HOUR,
    run: (services, now) => cleanUp(services, now),
  },
  {
    // With BACKUP_DIR: a backup a day, the BACKUP_KEEP newest kept (decision 063).
    name: 'sauvegarde',
    everyMs: HOUR,
    run: (services, now) => dailyBackup(services, now),
  },
];

export function findJob(name: string): Job | undefined {
  return JOBS.find((job) => job.name === name);
}
