// The routes: one module per URL of docs/specification.md §2 (app/routes, flat file names), and the URLs it calls « the same screen »
// as a second path to the same module.
import { flatRoutes } from '@remix-run/fs-routes';
import type { RouteConfig } from '@remix-run/route-config';
import { sameScreenRoutes } from './same-screen-routes';

export default (async () => [...(await flatRoutes()), ...sameScreenRoutes])() satisfies RouteConfig;
