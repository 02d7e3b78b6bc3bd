// What server.ts takes from the server build (exported by entry.server.tsx), never from the app's source: the services
// of this process and the pieces of the HTTP shell that share state with the app. Each module is thus loaded once per
// process (docs/decisions/033-racine-de-composition.md).

import { JOBS } from '../jobs';
import { getServices } from '../services';
import { audit } from './audit';
import { backgroundSettled } from './background';
import { cspDirectives } from './csp';
import { startJobs } from './jobs';
import { createRemixHandler } from './remix-express';
import { createBodyLimits, uploadPaths } from './request-body';
import { requestHost, settleHost } from './request-host';
import { secretUrls } from './secret-urls';
import { FORBIDDEN_ORIGIN, isCrossSite } from './security';
import { answerClientError, serverTimeouts } from './slow-requests';
import { prepareStore, schedulePendingImageCleanup } from './startup';

/**
 * Before any worker serves, in the primary process only: migrations, demo content, housekeeping, the scheduled jobs,
 * and push keys that exist from the first start.
 */
async function prepare(): Promise<void> {
  const services = getServices();
  await prepareStore(services);
  schedulePendingImageCleanup(services);
  startJobs(services, JOBS);
  void services.push;
}

export const serverRuntime = {
  getServices,
  prepare,
  audit,
  secretUrls,
  cspDirectives,
  isCrossSite,
  FORBIDDEN_ORIGIN,
  backgroundSettled,
  createRemixHandler,
  createBodyLimits,
  uploadPaths,
  settleHost,
  serverTimeouts,
  answerClientError,
  requestHost,
};

export type ServerRuntime = typeof serverRuntime;
