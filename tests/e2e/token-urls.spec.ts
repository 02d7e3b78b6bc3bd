// Every route of the app, as the production build lists them (a new route is walked without being named here): an
// address that carries a token, in its path (a `$token` segment) or in its query (`?token=`, `?session_id=`), answers
// `private, no-store`, whatever its status, so that no shared cache (Firebase Hosting's CDN) keeps a one-time link's
// page or one person's alert for the next visitor (issue 31). Anonymous requests: the case a shared cache keeps.
import crypto from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { routePatterns, SECRET_QUERY_PARAMS, SECRET_ROUTE_PARAMS } from '../../app/.server/server/secret-urls';
import { expect, test } from './fixtures';

/** Route parameters that are not secrets: an event's or a source's id, a job's name, a venue's or an organizer's slug. */
const PLAIN_ROUTE_PARAMS = ['id', 'name', 'slug'];

const token = () => crypto.randomBytes(24).toString('base64url');

async function builtRoutes(): Promise<string[]> {
  const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
  return routePatterns(build.routes);
}

/** A URL of the route: each parameter a fresh token-like value, a splat some path. */
const urlOf = (pattern: string) =>
  `/${pattern
    .split('/')
    .map((segment) => (segment === '*' ? 'une/page' : segment.startsWith(':') ? token() : segment))
    .join('/')}`;

const paramsOf = (pattern: string) =>
  pattern
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1).replace(/\?$/, ''));

test.describe('adresses porteuses d’un jeton @http', () => {
  test('chaque route, avec un jeton dans la requête ou dans son chemin, répond « private, no-store »', async ({
    request,
  }) => {
    // Every route of the app, four times each, rendered uncached (private, no-store): some 600 pages, one at a time.
    test.slow();
    const patterns = await builtRoutes();
    // The walk sees the whole app: the token pages among the rest.
    expect(patterns.length).toBeGreaterThan(50);
    for (const known of [
      'alertes/gerer/:token',
      'alertes/confirmer/:token',
      'auth/reset-password',
      'apercu-image/:token',
    ])
      expect(patterns).toContain(known);

    // Every route parameter is classified: a new one that holds a secret must be named `$token`.
    for (const pattern of patterns)
      for (const name of paramsOf(pattern))
        expect(
          [...SECRET_ROUTE_PARAMS, ...PLAIN_ROUTE_PARAMS],
          `paramètre « ${name} » de ${pattern} : un secret se nomme $token, sinon l’ajouter aux paramètres ordinaires`,
        ).toContain(name);

    const checked: string[] = [];
    for (const pattern of patterns) {
      const url = urlOf(pattern);
      const withTokens = [
        ...SECRET_QUERY_PARAMS.map((name) => `${url}?${name}=${token()}`),
        `${url}?page=2&token=${token()}`,
      ];
      const pathHasToken = paramsOf(pattern).some((name) => SECRET_ROUTE_PARAMS.includes(name));
      for (const address of pathHasToken ? [url, ...withTokens] : withTokens) {
        const response = await request.get(address, { maxRedirects: 0 });
        expect(response.status(), address).toBeLessThan(500);
        expect(response.headers()['cache-control'], `${address} (HTTP ${response.status()})`).toBe('private, no-store');
        checked.push(address);
      }
    }
    expect(checked.length).toBeGreaterThan(patterns.length * SECRET_QUERY_PARAMS.length);
  });

  test('le lien de réinitialisation d’un vrai compte : le formulaire, jamais pour un cache partagé', async ({
    request,
    createUser,
    ports,
  }) => {
    const user = await createUser({ role: 'organizer' });
    const profile = await ports.store.users.findById(user.uid);
    const link = await ports.identity.resetLink(profile!, new Date());
    const response = await request.get(new URL(link).pathname + new URL(link).search);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('Nouveau mot de passe');
    expect(response.headers()['cache-control']).toBe('private, no-store');
    expect(response.headers().etag).toBeUndefined();
    // Without its token, the same page is an ordinary public page.
    const bare = await request.get('/auth/forgot-password');
    expect(bare.headers()['cache-control']).toMatch(/^public, /);
  });
});
