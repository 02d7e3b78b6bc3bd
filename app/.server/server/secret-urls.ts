// Where a URL of the site carries a secret (issue 31, decision 057): a one-time link's token in the query (reset,
// verification), Stripe's checkout session, or a route segment named `$token` (an alert's confirm, manage and
// unsubscribe links, the preview of an image awaiting review). Known from the server build's routes, so a new route
// with a `$token` segment is covered without being listed. Two users: the cache policy (http-cache.ts: such an answer
// is `private, no-store`, whatever its status) and the logs (its secret is masked).
import type { ServerBuild } from '@remix-run/node';

/**
 * Query parameters whose value is a secret. `lat` and `lon`: a visitor's position around which to search (issue 47),
 * never stored: masked in the logs, and the page is `private, no-store` (no shared or page cache keeps it).
 */
export const SECRET_QUERY_PARAMS: readonly string[] = ['token', 'session_id', 'code', 'password', 'key', 'lat', 'lon'];
/** Route parameters whose value is a secret: a route names such a segment `$token`. */
export const SECRET_ROUTE_PARAMS: readonly string[] = ['token'];

/** What the routes of a server build say of themselves (ServerBuild['routes'], or a test's list). */
export type RouteList = Record<string, { id: string; parentId?: string; path?: string } | undefined>;

export const MASKED = '[masqué]';

/** Every route's full path pattern, its parents' paths joined: "alertes/gerer/:token", "evenement/:id/date"… */
export function routePatterns(routes: RouteList | ServerBuild['routes']): string[] {
  const list = routes as RouteList;
  const full = (id: string | undefined): string[] => {
    const route = id ? list[id] : undefined;
    if (!route) return [];
    return [...full(route.parentId), ...(route.path ? route.path.split('/') : [])].filter(Boolean);
  };
  return [...new Set(Object.keys(list).map((id) => full(id).join('/')))];
}

interface SecretPath {
  pattern: RegExp;
  /** The positions (0-based, among the path's segments) of the segments that are secrets. */
  positions: number[];
}

function secretPath(pattern: string): SecretPath | null {
  const segments = pattern.split('/');
  // A route whose path ends in a splat has no fixed positions: no secret can be placed in it.
  if (segments.includes('*')) return null;
  const positions: number[] = [];
  const parts = segments.map((segment, i) => {
    const param = segment.match(/^:(\w+)(\?)?$/);
    if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (SECRET_ROUTE_PARAMS.includes(param[1])) positions.push(i);
    return '[^/]+';
  });
  if (positions.length === 0) return null;
  return { pattern: new RegExp(`^/${parts.join('/')}/?$`, 'i'), positions };
}

const QUERY_SECRET = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#\\s]*`, 'gi');

export interface SecretUrls {
  /** Whether this URL (absolute, or a path with its query) carries a secret. */
  carriesSecret(url: string): boolean;
  /** The URL with every secret replaced by « [masqué] » (for the logs). */
  redact(url: string | undefined): string;
}

const built = new WeakMap<object, SecretUrls>();

/** The secret-bearing URLs of these routes (computed once per build). */
export function secretUrls(routes: RouteList | ServerBuild['routes']): SecretUrls {
  const known = built.get(routes);
  if (known) return known;
  const paths = routePatterns(routes)
    .map(secretPath)
    .filter((p): p is SecretPath => p !== null);
  const split = (url: string) => {
    const m = url.match(/^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)?([^?#]*)(.*)$/is) as RegExpMatchArray;
    return { origin: m[1] ?? '', path: m[2], rest: m[3] };
  };
  /** The path as the router reads it: percent-escapes decoded, repeated slashes as one. */
  const routed = (path: string) => {
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {}
    return decoded.replace(/\/{2,}/g, '/');
  };
  const secretPathOf = (path: string) => paths.find((p) => p.pattern.test(path) || p.pattern.test(routed(path)));
  const result: SecretUrls = {
    carriesSecret(url) {
      const { path, rest } = split(url);
      const query = rest.split('#')[0];
      if (query.length > 1) {
        const names = [...new URLSearchParams(query.slice(1)).keys()].map((k) => k.toLowerCase());
        if (names.some((name) => SECRET_QUERY_PARAMS.includes(name))) return true;
      }
      return secretPathOf(path) !== undefined;
    },
    redact(url) {
      const { origin, path, rest } = split(url ?? '');
      const found = secretPathOf(path);
      // A path spelled otherwise than the route (escapes, doubled slashes) is logged as the router read it.
      const segments = (found && !found.pattern.test(path) ? routed(path) : path).split('/');
      // segments[0] is the empty string before the leading slash.
      if (found) for (const position of found.positions) segments[position + 1] = MASKED;
      return `${origin}${segments.join('/')}${rest.replace(QUERY_SECRET, `$1${MASKED}`)}`;
    },
  };
  built.set(routes, result);
  return result;
}
