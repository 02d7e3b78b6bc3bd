// The load context a route receives from server.ts, for tests that call loaders and actions directly.
import type { AppLoadContext } from '@remix-run/node';
import { getServices } from '../../app/.server/services';

export function loadContext(clientIp = '127.0.0.1'): AppLoadContext {
  return { services: getServices(), clientIp };
}
