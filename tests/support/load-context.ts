// The load context a route receives from server.ts, for tests that call loaders and actions directly.
import type { AppLoadContext } from '@remix-run/node';
import { BODY_LIMITS } from '../../app/.server/platform/request-body';
import { getServices } from '../../app/.server/services';

/** The context of a request from `clientIp` to a route; `upload`: a route that takes images (TAKES_UPLOADS). */
export function loadContext(clientIp = '127.0.0.1', options: { upload?: boolean } = {}): AppLoadContext {
  return { services: getServices(), clientIp, bodyLimit: options.upload ? BODY_LIMITS.upload : BODY_LIMITS.form };
}
