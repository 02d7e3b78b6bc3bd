// A route table shaped like the site's (nested routes, an index, a pathless layout, optional and dynamic segments, a
// catch-all), for the tests of the server's route matching and render tables (app/.server/server).
import type { AgnosticRouteObject } from '@remix-run/router';

/** A table shaped like the site's, rebuilt with new objects at each call as Remix does for each render. */
export function table(): AgnosticRouteObject[] {
  const route = (id: string, path?: string, children?: AgnosticRouteObject[], extra = {}): AgnosticRouteObject =>
    ({ id, path, children, ...extra }) as AgnosticRouteObject;
  return [
    route('root', '', [
      route('routes/_index', undefined, undefined, { index: true }),
      route('routes/evenements', 'evenements'),
      route('routes/evenements[.ics]', 'evenements.ics'),
      route('routes/evenement.$id', 'evenement/:id'),
      route('routes/evenement.$id_.date', 'evenement/:id/date'),
      route('routes/lieux.$slug', 'lieux/:slug'),
      route('routes/lieux._index', 'lieux'),
      route('routes/alertes.confirmer.$token', 'alertes/confirmer/:token'),
      route('routes/robots[.]txt', 'robots.txt'),
      route('routes/Majuscules', 'Majuscules', undefined, { caseSensitive: true }),
      route('routes/langue', ':lang?/aide'),
      route('routes/admin', 'admin', [
        route('routes/admin._index', undefined, undefined, { index: true }),
        route('routes/admin.events', 'events'),
        route('routes/admin.users.$id', 'users/:id'),
        route('routes/admin.pathless', undefined, [route('routes/admin.pathless.live', 'live')]),
      ]),
      route('routes/$', '*'),
    ]),
  ];
}

/** The site-shaped table without its catch-all route: a path that matches nothing is a 404. */
export const withoutCatchAll = (): AgnosticRouteObject[] =>
  table().map((r) => ({ ...r, children: r.children?.filter((c) => c.id !== 'routes/$') }) as AgnosticRouteObject);
