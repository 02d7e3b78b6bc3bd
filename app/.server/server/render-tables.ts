// What Remix's render of a page rebuilt from the build alone, on every page (decision 135): the route modules, Remix's
// table of the routes, React Router's data routes made from it, 3 % of an uncached page together. Each is kept per build
// (per the objects that hold it) by a wrapper that route-matching.ts puts in the exports of the module that reads it
// there at each call.
import type { AgnosticRouteObject } from '@remix-run/router';

export type ConvertRoutes = (
  routes: readonly AgnosticRouteObject[],
  mapRouteProperties: unknown,
  parentPath?: string[],
  manifest?: Record<string, AgnosticRouteObject>,
) => AgnosticRouteObject[];

/**
 * React Router's convertRoutesToDataRoutes, its answer kept for a table it has seen (the same array): the static router
 * of each render converts the whole table again (2 % of an uncached page). The routes' manifest it fills is filled
 * with the kept routes. Called on part of a table, or with a manifest already filled, it converts as it did.
 */
export function rememberDataRoutes(convert: ConvertRoutes): ConvertRoutes {
  const kept = new WeakMap<
    readonly AgnosticRouteObject[],
    { mapRouteProperties: unknown; dataRoutes: AgnosticRouteObject[]; manifest: Record<string, AgnosticRouteObject> }
  >();
  return (routes, mapRouteProperties, parentPath, manifest) => {
    if (parentPath?.length || (manifest && Object.keys(manifest).length > 0))
      return convert(routes, mapRouteProperties, parentPath, manifest);
    let table = kept.get(routes);
    if (!table || table.mapRouteProperties !== mapRouteProperties) {
      const own: Record<string, AgnosticRouteObject> = {};
      table = { mapRouteProperties, dataRoutes: convert(routes, mapRouteProperties, parentPath, own), manifest: own };
      kept.set(routes, table);
    }
    if (manifest) Object.assign(manifest, table.manifest);
    return table.dataRoutes;
  };
}

export type CreateEntryRouteModules = (routes: Record<string, { module: unknown }>) => Record<string, unknown>;
export type CreateServerRoutes = (
  manifest: Record<string, unknown>,
  routeModules: Record<string, unknown>,
  future: unknown,
  isSpaMode: boolean,
  ...rest: unknown[]
) => AgnosticRouteObject[];

/**
 * The route modules of a build, one object per build instead of one per page (Remix's server runtime gathers them
 * again for each render): read only, by React's render of the routes.
 */
export function rememberRouteModules(gather: CreateEntryRouteModules): CreateEntryRouteModules {
  const kept = new WeakMap<object, Record<string, unknown>>();
  return (routes) => {
    let modules = kept.get(routes);
    if (!modules) {
      modules = gather(routes);
      kept.set(routes, modules);
    }
    return modules;
  };
}

/**
 * Remix's table of the routes a page renders, made once per build's modules instead of once per page (1.3 % of an
 * uncached page): it depends only on the manifest, the modules, the build's flags. Its recursive calls, inside Remix's
 * module, are not these.
 */
export function rememberServerRoutes(create: CreateServerRoutes): CreateServerRoutes {
  const kept = new WeakMap<
    object,
    { manifest: object; future: unknown; isSpaMode: boolean; routes: AgnosticRouteObject[] }
  >();
  return (manifest, routeModules, future, isSpaMode, ...rest) => {
    if (rest.length > 0) return create(manifest, routeModules, future, isSpaMode, ...rest);
    let table = kept.get(routeModules);
    if (!table || table.manifest !== manifest || table.future !== future || table.isSpaMode !== isSpaMode) {
      table = { manifest, future, isSpaMode, routes: create(manifest, routeModules, future, isSpaMode) };
      kept.set(routeModules, table);
    }
    return table.routes;
  };
}
