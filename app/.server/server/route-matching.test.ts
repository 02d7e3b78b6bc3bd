import { createRequire } from 'node:module';
import {
  type AgnosticRouteMatch,
  type AgnosticRouteObject,
  createStaticHandler,
  matchRoutes,
  type StaticHandlerContext,
} from '@remix-run/router';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { table, withoutCatchAll } from '../../../tests/support/route-tables';
import { matchingOnlyItsRoutes, rememberMatches, rememberRouteMatches } from './route-matching';

type MatchRoutes = (routes: AgnosticRouteObject[], location: string) => AgnosticRouteMatch[] | null;

const segment = fc.constantFrom(
  'evenements',
  'evenement',
  'evenements.ics',
  'date',
  'lieux',
  'alertes',
  'confirmer',
  'admin',
  'events',
  'users',
  'live',
  'robots.txt',
  'Majuscules',
  'majuscules',
  'aide',
  'fr',
  '',
  'caf%C3%A9',
  '%E0%A4%A',
  'x y',
);
const path = fc
  .tuple(fc.array(fc.oneof(segment, fc.string({ maxLength: 6 })), { maxLength: 4 }), fc.boolean())
  .map(([parts, slash]) => `/${parts.join('/')}${slash ? '/' : ''}`);
const location = fc.oneof(
  path,
  path.map((p) => `${p}?page=2#resultats`),
  path.map((pathname) => ({ pathname })),
);

/** What a caller reads of a match: the route it names in the table it gave, and what was matched. */
const readable = (matches: AgnosticRouteMatch[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase }));

describe('correspondance des routes retenue (décision 108)', () => {
  it('répond comme matchRoutes à toute suite de chemins, sur des tables refaites à chaque appel', () => {
    // React Router warns of each path it cannot decode (« %E0%A4%A »): part of the paths drawn here.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fc.assert(
      fc.property(
        fc.array(location, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 8 }),
        (asks, limit) => {
          // A small limit: paths forgotten and asked again are part of the sequences.
          const remembered = rememberMatches(matchRoutes, limit);
          for (const asked of [...asks, ...asks]) {
            const routes = table();
            const expected = matchRoutes(routes, asked);
            const got = remembered(routes, asked);
            expect(readable(got)).toEqual(readable(expected));
            // The routes of the table given, not of the table the match was first worked out on.
            for (const [i, m] of (got ?? []).entries()) expect(m.route).toBe(expected?.[i].route);
            if (got && got.length > 1) expect(new Set(got.map((m) => m.params)).size).toBe(1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ne refait le travail de matchRoutes qu’une fois par chemin, quelle que soit la table qui porte les mêmes routes', () => {
    const counted = vi.fn(matchRoutes);
    const remembered = rememberMatches(counted);
    for (let i = 0; i < 10; i++) {
      expect(remembered(table(), '/evenement/abc')?.at(-1)?.params).toEqual({ id: 'abc' });
      expect(remembered(table(), '/nulle/part')?.at(-1)?.route.id).toBe('routes/$');
    }
    expect(counted).toHaveBeenCalledTimes(2);
    // A parameter changed by one caller is not seen by the next.
    const first = remembered(table(), '/evenement/abc');
    if (first) (first[0].params as Record<string, string>).id = 'modifié';
    expect(remembered(table(), '/evenement/abc')?.at(-1)?.params).toEqual({ id: 'abc' });
  });

  it('une table dont les routes changent est relue : rien n’est rendu d’une table précédente', () => {
    const counted = vi.fn(matchRoutes);
    const remembered = rememberMatches(counted);
    expect(remembered(table(), '/evenements')?.at(-1)?.route.id).toBe('routes/evenements');
    const changed = table();
    changed[0].children = changed[0].children?.filter((r) => r.id !== 'routes/evenements');
    expect(remembered(changed, '/evenements')?.at(-1)?.route.id).toBe('routes/$');
    expect(counted).toHaveBeenCalledTimes(2);
  });

  it('une fois en place, le serveur de Remix lit la version retenue', () => {
    const router = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: MatchRoutes };
    const counted = vi.fn(router.matchRoutes);
    router.matchRoutes = counted;
    rememberRouteMatches();
    rememberRouteMatches();
    const { matchServerRoutes } = createRequire(import.meta.url)('@remix-run/server-runtime/dist/routeMatching.js') as {
      matchServerRoutes: (routes: AgnosticRouteObject[], path: string) => { route: { id: string } }[] | null;
    };
    for (let i = 0; i < 3; i++)
      expect(matchServerRoutes(table(), '/admin/users/42')?.map((m) => m.route.id)).toEqual([
        'root',
        'routes/admin',
        'routes/admin.users.$id',
      ]);
    expect(counted).toHaveBeenCalledTimes(1);
  });
});

/**
 * The router's own functions, read before any test puts the remembered ones in its exports (the test below that
 * installs them changes what these names read from then on).
 */
const ownCreateStaticHandler = createStaticHandler;
const ownMatchRoutes = matchRoutes;

/** The site-shaped table, each route with a loader that says which route answered, with what. */
function tableWithLoaders(routes = table()): AgnosticRouteObject[] {
  return routes.map(
    (route) =>
      ({
        ...route,
        loader: ({ params }: { params: unknown }) => ({ answeredBy: route.id, params }),
        children: route.children ? tableWithLoaders(route.children) : undefined,
      }) as AgnosticRouteObject,
  );
}

/** What a page is made of, from the static handler's answer: its routes, their data, its status and errors. */
const rendered = (context: StaticHandlerContext | Response) =>
  context instanceof Response
    ? { status: context.status }
    : {
        matches: readable(context.matches),
        loaderData: context.loaderData,
        status: context.statusCode,
        errors: context.errors && Object.keys(context.errors),
      };

describe('le gestionnaire statique ne cherche que parmi les routes du chemin', () => {
  it('répond comme celui de Remix (routes, données, statut, erreurs) à tout chemin, en GET comme en POST', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(
        fc.array(path, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        async (paths, post, catchAll) => {
          const routes = () => tableWithLoaders(catchAll ? table() : withoutCatchAll());
          const whole = ownCreateStaticHandler(routes());
          const narrowed = matchingOnlyItsRoutes(ownCreateStaticHandler, rememberMatches(ownMatchRoutes))(routes());
          for (const asked of [...paths, ...paths]) {
            const request = () => new Request(`http://agenda.test${asked}`, { method: post ? 'POST' : 'GET' });
            const expected = rendered(await whole.query(request()));
            expect(rendered(await narrowed.query(request()))).toEqual(expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('fait une table par suite de routes, à son premier chemin, et ne garde dans chacune que ses routes', async () => {
    const made = vi.fn(ownCreateStaticHandler);
    const handler = matchingOnlyItsRoutes(made, rememberMatches(ownMatchRoutes))(tableWithLoaders(withoutCatchAll()));
    for (const id of ['1', '2', '3', '1']) await handler.query(new Request(`http://agenda.test/admin/users/${id}`));
    const answer = await handler.queryRoute(new Request('http://agenda.test/admin/users/9'));
    expect(answer).toEqual({ answeredBy: 'routes/admin.users.$id', params: { id: '9' } });
    // The whole table once, then the chain of /admin/users/:id once for every path it matches.
    expect(made).toHaveBeenCalledTimes(2);
    const ids = (routes: AgnosticRouteObject[]): string[] =>
      routes.flatMap((r) => [r.id as string, ...ids(r.children ?? [])]);
    expect(ids(made.mock.calls[1][0])).toEqual(['root', 'routes/admin', 'routes/admin.users.$id']);
    // A path that matches no route gets the whole table's answer: its 404.
    expect(rendered(await handler.query(new Request('http://agenda.test/admin/users/9/plus')))).toMatchObject({
      status: 404,
    });
  });

  it('une fois en place, le serveur de Remix fait le sien ainsi', () => {
    const router = createRequire(import.meta.url)('@remix-run/router') as { createStaticHandler: unknown };
    rememberRouteMatches();
    expect(router.createStaticHandler).not.toBe(ownCreateStaticHandler);
  });
});
