import { createRequire } from 'node:module';
import type { AgnosticRouteObject, StaticHandlerContext } from '@remix-run/router';
import { describe, expect, it, vi } from 'vitest';
import { table, withoutCatchAll } from '../../../tests/support/route-tables';
import { rememberDataRoutes, rememberRouteModules, rememberServerRoutes } from './render-tables';
import { rememberRouteMatches } from './route-matching';

describe('ce que chaque rendu refaisait à partir du build seul', () => {
  const require = createRequire(import.meta.url);
  const { UNSAFE_mapRouteProperties: mapRouteProperties } = require('react-router') as {
    UNSAFE_mapRouteProperties: unknown;
  };
  /** The router's own conversion, whatever a test has put in its exports. */
  const ownConvert = (require('@remix-run/router/dist/router.cjs.js') as typeof import('@remix-run/router'))
    .UNSAFE_convertRoutesToDataRoutes as unknown as Parameters<typeof rememberDataRoutes>[0];

  it('les routes de données d’une table déjà vue sont les mêmes, et remplissent le manifeste de chaque rendu', () => {
    const convert = vi.fn(ownConvert);
    const remembered = rememberDataRoutes(convert);
    const routes = table();
    const expected: Record<string, AgnosticRouteObject> = {};
    const fresh = ownConvert(routes, mapRouteProperties, undefined, expected);
    for (let render = 0; render < 3; render++) {
      const manifest: Record<string, AgnosticRouteObject> = {};
      expect(remembered(routes, mapRouteProperties, undefined, manifest)).toEqual(fresh);
      expect(Object.keys(manifest).sort()).toEqual(Object.keys(expected).sort());
      expect(manifest['routes/admin.users.$id']).toEqual(expected['routes/admin.users.$id']);
    }
    expect(convert).toHaveBeenCalledTimes(1);
    // Another table (a rebuilt one, a route gone) is converted; so is a part of one, or into a manifest already filled.
    const other = withoutCatchAll();
    expect(remembered(other, mapRouteProperties, undefined, {}).map((r) => r.children?.length)).toEqual([
      (routes[0].children?.length ?? 0) - 1,
    ]);
    remembered(routes, mapRouteProperties, ['0'], {});
    expect(() => remembered(routes, mapRouteProperties, undefined, { root: routes[0] })).toThrow(/collision/);
    expect(convert).toHaveBeenCalledTimes(4);
  });

  it('les modules et la table des routes de Remix se font une fois par build, pas une fois par page', () => {
    const build = { root: { module: { default: 'Racine' } }, 'routes/evenements': { module: { default: 'Liste' } } };
    const gather = vi.fn((routes: Record<string, { module: unknown }>) =>
      Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, route.module])),
    );
    const modulesOf = rememberRouteModules(gather);
    const modules = modulesOf(build);
    expect(modulesOf(build)).toBe(modules);
    expect(modules).toEqual({ root: { default: 'Racine' }, 'routes/evenements': { default: 'Liste' } });
    expect(modulesOf({ ...build })).not.toBe(modules);
    expect(gather).toHaveBeenCalledTimes(2);

    const create = vi.fn(() => table());
    const serverRoutes = rememberServerRoutes(create);
    const manifest = {};
    const future = {};
    const routes = serverRoutes(manifest, modules, future, false);
    expect(serverRoutes(manifest, modules, future, false)).toBe(routes);
    // Another build (its modules, its manifest, its flags) has its own table; Remix's own recursive calls go through.
    serverRoutes(manifest, { ...modules }, future, false);
    serverRoutes({}, modules, future, false);
    serverRoutes(manifest, modules, {}, false);
    serverRoutes(manifest, modules, future, false, 'root');
    expect(create).toHaveBeenCalledTimes(5);
  });

  it('une fois en place, le rendu de Remix et le routeur statique les lisent', () => {
    rememberRouteMatches();
    const { createStaticRouter } = require('react-router-dom/server') as {
      createStaticRouter: (routes: AgnosticRouteObject[], context: StaticHandlerContext) => { routes: unknown };
    };
    const routes = table();
    const context = { matches: [], location: { pathname: '/' } } as unknown as StaticHandlerContext;
    expect(createStaticRouter(routes, context).routes).toBe(createStaticRouter(routes, context).routes);
    const { createEntryRouteModules } = require('@remix-run/server-runtime/dist/entry.js') as {
      createEntryRouteModules: (routes: object) => object;
    };
    const build = { root: { module: {} } };
    expect(createEntryRouteModules(build)).toBe(createEntryRouteModules(build));
    const { createServerRoutes } = require('@remix-run/react/dist/routes.js') as {
      createServerRoutes: (manifest: object, modules: object, future: object, spa: boolean) => unknown;
    };
    const manifest = { root: { id: 'root', path: '', hasLoader: false } };
    const modules = { root: { default: () => null } };
    const future = {};
    expect(createServerRoutes(manifest, modules, future, false)).toBe(
      createServerRoutes(manifest, modules, future, false),
    );
  });
});
