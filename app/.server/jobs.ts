// Every scheduled job of the site, in one list (decision 051): the server runs them in process
// (app/.server/platform/jobs.ts) or Cloud Scheduler calls them by `POST /taches/:name`.
import { alertDeps } from './alerts/alerts';
import { sendDueDigests } from './alerts/digest';
import { extendOccurrences } from './events/occurrences';
import { runDueSources } from './imports/run-import';
import { sourcesDeps } from './imports/sources-deps';
import type { Job } from './platform/jobs';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const JOBS: readonly Job[] = [
  {
    name: 'occurrences',
    everyMs: 24 * HOUR,
    run: async ({ store }, now) => `${await extendOccurrences(store, now)} séries prolongées`,
  },
  {
    // Calendar sources (issue 21): the sources whose own interval (or back-off) is over, and those an admin asked to
    // import now (« Importer maintenant » only records the request, decision 058): every minute, so that a request
    // is taken up promptly; a minute with nothing due costs one query.
    name: 'sources',
    everyMs: MINUTE,
    run: (services, now) => runDueSources({ ...sourcesDeps(services), now: () => now }),
  },
  {
    // Email alerts (decision 048): each run sends the digests due (daily from 07:00, weekly on Thursday).
    name: 'alertes',
    everyMs: HOUR,
    run: (services, now) => sendDueDigests(alertDeps(services), now),
  },
];

export function findJob(name: string): Job | undefined {
  return JOBS.find((job) => job.name === name);
}
