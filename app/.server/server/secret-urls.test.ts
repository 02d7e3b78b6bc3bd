// Where a URL carries a secret, read from the routes as a server build lists them: the cache policy makes such answers
// private, and the logs mask the secret.
import { describe, expect, it } from 'vitest';
import { MASKED, routePatterns, secretUrls } from './secret-urls';

/** Routes as `build.routes` gives them: a root, flat routes, nested ones, an index, a splat. */
const ROUTES = {
  root: { id: 'root', path: '' },
  'routes/_index': { id: 'routes/_index', parentId: 'root', index: true },
  'routes/alertes.gerer.$token': { id: 'routes/alertes.gerer.$token', parentId: 'root', path: 'alertes/gerer/:token' },
  'routes/apercu-image.$token': { id: 'routes/apercu-image.$token', parentId: 'root', path: 'apercu-image/:token' },
  'routes/evenement.$id': { id: 'routes/evenement.$id', parentId: 'root', path: 'evenement/:id' },
  'routes/evenement.$id.date': { id: 'routes/evenement.$id.date', parentId: 'routes/evenement.$id', path: 'date' },
  'routes/nouveau.$token.suite': {
    id: 'routes/nouveau.$token.suite',
    parentId: 'routes/evenement.$id',
    path: 'lien/:token/suite',
  },
  'routes/auth.reset-password': { id: 'routes/auth.reset-password', parentId: 'root', path: 'auth/reset-password' },
  'routes/$': { id: 'routes/$', parentId: 'root', path: '*' },
};

describe('adresses porteuses d’un secret', () => {
  const urls = secretUrls(ROUTES);

  it('les chemins complets des routes, parents compris', () => {
    expect(routePatterns(ROUTES)).toEqual(
      expect.arrayContaining([
        '',
        'alertes/gerer/:token',
        'evenement/:id/date',
        'evenement/:id/lien/:token/suite',
        '*',
      ]),
    );
  });

  it('un jeton dans la requête ou dans un segment $token, quelle que soit la route ; pas ailleurs', () => {
    for (const url of [
      '/auth/reset-password?token=abc',
      '/auth/reset-password?x=1&TOKEN=abc',
      '/payment/success?session_id=cs_test_1',
      '/?token=x',
      '/alertes/gerer/t0k3n',
      '/alertes/gerer/t0k3n/',
      '/Alertes/Gerer/t0k3n',
      '//alertes//gerer/t0k3n',
      '/alertes/%67erer/t0k3n',
      '/apercu-image/a1b2c3.webp',
      '/evenement/42/lien/t0k3n/suite',
      'https://agenda.test/alertes/gerer/t0k3n?x=1',
    ])
      expect(urls.carriesSecret(url), url).toBe(true);
    for (const url of [
      '/',
      '/evenement/42',
      '/evenement/42/date',
      '/alertes/gerer',
      '/auth/reset-password',
      '/x?tokens=1',
    ])
      expect(urls.carriesSecret(url), url).toBe(false);
  });

  it('le journal masque le jeton, dans le chemin comme dans la requête', () => {
    expect(urls.redact('/alertes/gerer/t0k3n?a=1')).toBe(`/alertes/gerer/${MASKED}?a=1`);
    expect(urls.redact('/auth/reset-password?token=abc&b=2')).toBe(`/auth/reset-password?token=${MASKED}&b=2`);
    expect(urls.redact('https://agenda.test/evenement/42/lien/t0k3n/suite')).toBe(
      `https://agenda.test/evenement/42/lien/${MASKED}/suite`,
    );
    expect(urls.redact('/alertes/%67erer/t0k3n')).toBe(`/alertes/gerer/${MASKED}`);
    expect(urls.redact('/evenement/42')).toBe('/evenement/42');
    expect(urls.redact(undefined)).toBe('');
  });

  it('la position d’un visiteur (« Ma position », issue 47) n’est ni gardée en cache ni écrite au journal', () => {
    expect(urls.carriesSecret('/evenements?lat=46.52&lon=6.63&rayon=10')).toBe(true);
    expect(urls.redact('/evenements?lat=46.52&lon=6.63&rayon=10')).toBe(
      `/evenements?lat=${MASKED}&lon=${MASKED}&rayon=10`,
    );
    expect(urls.carriesSecret('/evenements?autour=Morges&rayon=10')).toBe(false);
  });
});
