// What server.ts takes from the server build (exported by entry.server.tsx, which adds the composition root's
// `getServices`), never from the app's source: the pieces of the HTTP shell that share state with the app. Each module
// is thus loaded once per process (docs/decisions/033-racine-de-composition.md). Every piece here receives the services
// from server.ts: none reaches for them itself (decision 076).

import { mailMode } from '../mail/mailer';
import { audit } from '../platform/audit';
import { backgroundSettled } from '../platform/background';
import { LIMITS_DB_ENV, SERVING_PROCESSES_ENV } from '../platform/limiter';
import { listeningAt } from '../platform/process-settings';
import { createBodyLimits, uploadPaths } from '../platform/request-body';
import { FORBIDDEN_ORIGIN, isCrossSite } from '../platform/security';
import { forgetCreatedSecrets } from '../platform/session-secret';
import { checkPortFree, describeStartupFailure } from '../platform/startup-checks';
import type { Services } from '../service-types';
import { cspDirectives } from './csp';
import { probes } from './health';
import { collectWhenIdle } from './idle-collect';
import { runJobsWorker, startFederationQueue, startJobsHere } from './jobs-process';
import { createRemixHandler } from './remix-express';
import { hostSettler, requestHost } from './request-host';
import { secretUrls } from './secret-urls';
import { answerClientError, serverTimeouts } from './slow-requests';
import { closeServices, finishServer, prepareServer } from './startup';
import { immutableAssets, publicFiles } from './static-assets';
import { superviseWorkers } from './supervisor';

/**
 * Before any worker serves, in the primary process only: checks, the DATA_DIR lock, migrations, demo content,
 * housekeeping, push keys. Answers the environment the workers need.
 */
async function prepare(services: Services, options: { lockHeld?: boolean } = {}): Promise<Record<string, string>> {
  await checkPortFree(services.config.PORT, services.config.HOST);
  const { limitsFile } = await prepareServer(services, options);
  console.log(mailMode(services.config));
  return { [LIMITS_DB_ENV]: limitsFile, [SERVING_PROCESSES_ENV]: String(services.config.WEB_CONCURRENCY ?? 1) };
}

/** The federation's Express middleware for a process that serves, or null when FEDERATION is off. */
function federationHandler(services: Services) {
  if (!services.federation) return null;
  if (!services.jobsInProcess) startFederationQueue(services);
  return services.federation.middleware();
}

/** Before the page cache, when FEDERATION is on: a public page asked for as ActivityStreams (decision 102). */
function federationPages(services: Services) {
  return services.federation?.pages() ?? null;
}

/** The HTTP shell's pieces; entry.server.tsx adds `getServices` and exports the whole as `serverRuntime`. */
export const platformRuntime = {
  prepare,
  describeStartupFailure,
  forgetCreatedSecrets,
  superviseWorkers,
  runJobsWorker,
  startJobsHere,
  federationHandler,
  federationPages,
  closeServices,
  /** The primary stops, every worker gone: the last checkpoint, the lock released. */
  finishServer,
  audit,
  secretUrls,
  cspDirectives,
  isCrossSite,
  FORBIDDEN_ORIGIN,
  backgroundSettled,
  createRemixHandler,
  createBodyLimits,
  uploadPaths,
  hostSettler,
  probes,
  immutableAssets,
  publicFiles,
  serverTimeouts,
  answerClientError,
  collectWhenIdle,
  requestHost,
  listeningAt,
};

export type ServerRuntime = typeof platformRuntime & {
  /** This process's services, built once by the composition root (app/.server/services.ts). */
  getServices(): Services;
};
