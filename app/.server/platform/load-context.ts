// The Remix load context, typed once for every loader and action: `context.services` (the composition root's
// services), the client's address and the CSP nonce of the answer. server.ts builds it for each request.
import type { Services } from '../services';

export interface RequestContext {
  services: Services;
  /** The client's address as Express sees it (`trust proxy` honoured), for rate limits and the security log. */
  clientIp: string;
  /** The nonce of this answer's inline scripts (Content-Security-Policy). */
  cspNonce: string;
}

declare module '@remix-run/node' {
  interface AppLoadContext extends RequestContext {}
}
