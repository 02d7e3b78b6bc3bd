// The entry of the production jobs worker, bundled to `build/jobs.js` (scripts/build-server.mjs) and forked by the
// supervisor (primary.ts JOBS_ENTRY): the composition root and the jobs only (jobs-process.ts), no server build. Like
// entry.server.tsx for the processes that serve, it is the one module of its process that takes the services.
import { forgetCreatedSecrets } from '../platform/session-secret';
import { describeStartupFailure } from '../platform/startup-checks';
import type { Services } from '../service-types';
import { getServices } from '../services';
import { runJobsWorker } from './jobs-process';

let services: Services;
try {
  services = getServices();
} catch (error) {
  // A bad setting, a store that does not open: its French sentence, as the other processes say it.
  console.error(describeStartupFailure(error));
  forgetCreatedSecrets();
  process.exit(1);
}
runJobsWorker(services);
