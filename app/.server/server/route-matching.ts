// Route matching remembered on the server (docs/decisions/108-correspondance-des-routes-retenue.md). React Router 6's
// matchRoutes flattens and ranks the whole route table, then compiles a regular expression per route tried, on every
// call: three calls per page (Remix finding the route, React rendering it, the partial manifest for the browser), about
// a quarter of an uncached page's CPU with our hundred routes. Its result depends only on the table and the path, so
// it is kept per path; React Router 7 keeps the ranked table itself (remix-run/react-router#14967), Remix 2 never will.
// Remix builds a new table of the same routes for each render: a table is known by its routes' ids and paths, not by
// the array that holds it, and a remembered match is rebuilt on the routes of the table given.
import { createRequire } from 'node:module';
import type { AgnosticRouteMatch, AgnosticRouteObject, Params } from '@remix-run/router';
import {
  type ConvertRoutes,
  type CreateEntryRouteModules,
  type CreateServerRoutes,
  rememberDataRoutes,
  rememberRouteModules,
  rememberServerRoutes,
} from './render-tables';

type MatchRoutes = (
  routes: AgnosticRouteObject[],
  location: Partial<{ pathname: string }> | string,
  basename?: string,
) => AgnosticRouteMatch[] | null;

/** A match kept without its route objects: which route at each level, and what was matched. */
interface KeptMatch {
  ids: string[];
  pathnames: [pathname: string, pathnameBase: string][];
  params: Params;
}

/** Paths kept per route table: the pages visited most stay, a flood of random paths only costs what it did before. */
export const PATHS_PER_TABLE = 2000;

/** What a route's matching depends on, for each route of the table; null when a route has no id (never in Remix). */
function signatureOf(routes: readonly AgnosticRouteObject[]): string | null {
  let text = '';
  for (const route of routes) {
    if (typeof route.id !== 'string') return null;
    text += `${route.id}\u0001${route.path ?? ''}\u0001${route.index ? 'i' : ''}${route.caseSensitive ? 'c' : ''}`;
    if (route.children?.length) {
      const children = signatureOf(route.children);
      if (children === null) return null;
      text += `(${children})`;
    }
    text += '\u0002';
  }
  return text;
}

/** The route objects of the table given, level by level, for the ids kept; null if the table has changed. */
function rebuild(routes: readonly AgnosticRouteObject[], kept: KeptMatch): AgnosticRouteMatch[] | null {
  const params = { ...kept.params };
  const matches: AgnosticRouteMatch[] = [];
  let level: readonly AgnosticRouteObject[] | undefined = routes;
  for (const [i, id] of kept.ids.entries()) {
    const route: AgnosticRouteObject | undefined = level?.find((r) => r.id === id);
    if (!route) return null;
    const [pathname, pathnameBase] = kept.pathnames[i];
    // One params object shared by the matches of a path, as matchRoutes gives it.
    matches.push({ params, pathname, pathnameBase, route });
    level = route.children;
  }
  return matches;
}

/** matchRoutes, its answers kept per route table and path (a path that matches nothing is kept too). */
export function rememberMatches(matchRoutes: MatchRoutes, limit = PATHS_PER_TABLE): MatchRoutes {
  const signatures = new WeakMap<readonly AgnosticRouteObject[], string | null>();
  const tables = new Map<string, Map<string, KeptMatch | null>>();
  return (routes, location, basename = '/') => {
    let signature = signatures.get(routes);
    if (signature === undefined) {
      signature = signatureOf(routes);
      signatures.set(routes, signature);
    }
    const pathname = typeof location === 'string' ? pathOnly(location) : location.pathname || '/';
    if (signature === null) return matchRoutes(routes, location, basename);
    let table = tables.get(signature);
    if (!table) {
      // A new table replaces the others (the development server's rebuilds): one is in use at a time.
      tables.clear();
      table = new Map();
      tables.set(signature, table);
    }
    const key = `${basename}\u0000${pathname}`;
    const kept = table.get(key);
    if (kept !== undefined) {
      // The most recently asked last: the oldest goes first when the table is full.
      table.delete(key);
      table.set(key, kept);
      if (kept === null) return null;
      const rebuilt = rebuild(routes, kept);
      if (rebuilt) return rebuilt;
    }
    const matches = matchRoutes(routes, location, basename);
    if (table.size >= limit) table.delete(table.keys().next().value as string);
    table.set(
      key,
      matches && {
        ids: matches.map((m) => m.route.id as string),
        pathnames: matches.map((m) => [m.pathname, m.pathnameBase]),
        params: { ...matches[matches.length - 1].params },
      },
    );
    return matches;
  };
}

/** The path of a location written as text: without its query and fragment, as matchRoutes reads it. */
function pathOnly(location: string): string {
  const end = location.search(/[?#]/);
  return (end === -1 ? location : location.slice(0, end)) || '/';
}

/** The routes of `routes` on the way to the ids given, level by level: the one route kept at each level, its children
 * pruned the same way. */
function pruned(routes: readonly AgnosticRouteObject[], ids: readonly string[]): AgnosticRouteObject[] {
  const [id, ...rest] = ids;
  const route = routes.find((r) => r.id === id);
  if (!route) return [];
  const children = route.children && rest.length ? pruned(route.children, rest) : undefined;
  return [{ ...route, children } as AgnosticRouteObject];
}

type StaticHandler = ReturnType<CreateStaticHandler>;
type CreateStaticHandler = typeof import('@remix-run/router').createStaticHandler;

/**
 * createStaticHandler whose `query` and `queryRoute` (the loaders and actions of a document or data request) work on
 * the routes of the request's path only. The handler matches the path against its whole table at each call, with the
 * router's own matchRoutes (flatten, rank, a regular expression per route tried: 7 % of an uncached page), which the
 * exports cannot reach. Given only the chain of routes the path matches (found by the remembered matchRoutes), it
 * finds the same matches among a handful: a path matched by a chain in the whole table is matched by it among its own
 * routes, ranked the same. A handler per chain, made on its first path (at most one per route of the site); a path
 * that matches nothing goes to the whole table (its 404).
 */
export function matchingOnlyItsRoutes(
  createStaticHandler: CreateStaticHandler,
  matchRoutes: MatchRoutes,
): CreateStaticHandler {
  return (routes, options) => {
    const whole = createStaticHandler(routes, options);
    const byChain = new Map<string, StaticHandler>();
    const handlerFor = (request: Request): StaticHandler => {
      const matches = matchRoutes(routes, new URL(request.url).pathname, options?.basename);
      if (!matches) return whole;
      // A route's id names its chain: the routes above it are its ancestors, always the same.
      const leaf = matches[matches.length - 1].route.id as string;
      let handler = byChain.get(leaf);
      if (!handler) {
        handler = createStaticHandler(
          pruned(
            routes,
            matches.map((m) => m.route.id as string),
          ),
          options,
        );
        byChain.set(leaf, handler);
      }
      return handler;
    };
    return {
      ...whole,
      query: (request, queryOptions) => handlerFor(request).query(request, queryOptions),
      queryRoute: (request, queryOptions) => handlerFor(request).queryRoute(request, queryOptions),
    };
  };
}

let installed = false;

/**
 * Puts the remembered matchRoutes in @remix-run/router's exports, where Remix's server runtime, React Router and the
 * partial manifest read it at each call; and the static handler that matches a path among its own routes only, which
 * the server runtime makes from the exports on its first request. Then what each render rebuilds from the build alone
 * (the route modules, Remix's table of routes, React Router's data routes), kept in the exports of the modules that
 * read them from there at each call. Once per process.
 */
export function rememberRouteMatches(): void {
  if (installed) return;
  installed = true;
  const require = createRequire(import.meta.url);
  const router = require('@remix-run/router') as {
    matchRoutes: MatchRoutes;
    createStaticHandler: CreateStaticHandler;
    UNSAFE_convertRoutesToDataRoutes: ConvertRoutes;
  };
  router.matchRoutes = rememberMatches(router.matchRoutes);
  router.createStaticHandler = matchingOnlyItsRoutes(router.createStaticHandler, router.matchRoutes);
  router.UNSAFE_convertRoutesToDataRoutes = rememberDataRoutes(router.UNSAFE_convertRoutesToDataRoutes);
  const entry = require('@remix-run/server-runtime/dist/entry.js') as {
    createEntryRouteModules: CreateEntryRouteModules;
  };
  entry.createEntryRouteModules = rememberRouteModules(entry.createEntryRouteModules);
  const routes = require('@remix-run/react/dist/routes.js') as { createServerRoutes: CreateServerRoutes };
  routes.createServerRoutes = rememberServerRoutes(routes.createServerRoutes);
}
