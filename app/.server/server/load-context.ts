// The Remix load context, typed once for every loader and action: `context.services` (the composition root's
// services) and the client's address. server.ts builds it for each request.

import type { BodyLimit } from '../platform/request-body';
import type { Services } from '../service-types';

export interface RequestContext {
  services: Services;
  /** The client's address as Express sees it (`trust proxy` honoured), for rate limits and the security log. */
  clientIp: string;
  /**
   * The address that opened the connection (the socket's), which no header can change: logged beside `clientIp`
   * when they differ, since a trusted proxy's header can be written by a caller that reaches the instance directly.
   */
  socketIp?: string;
  /** The body limit of this request's route (request-body.ts): its form reader holds the same limits. */
  bodyLimit: BodyLimit;
}

declare module '@remix-run/node' {
  interface AppLoadContext extends RequestContext {}
}
