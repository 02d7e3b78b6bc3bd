import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { createServices } from '../services';
import { cspDirectives, inlineScripts, scriptHash, serializeCsp } from './csp';

const base = { DATA_DIR: process.env.DATA_DIR, NODE_ENV: 'production' };
const HASH = "'sha256-AAAA'";

/** The policy as the header states it, for a page with one inline script. */
function policy(env: Record<string, string | undefined>) {
  const { config, firebase } = createServices(loadConfig({ ...base, ...env }));
  const directives = cspDirectives(config, firebase, [HASH]);
  return Object.fromEntries(
    Object.entries(directives).map(([name, sources]) => [name, sources === null ? null : sources.join(' ')]),
  );
}

describe('politique de sécurité du contenu', () => {
  it('sans script d’audience externe, aucune origine étrangère pour les scripts', () => {
    const csp = policy({});
    expect(csp['script-src']).toBe(`'self' 'strict-dynamic' ${HASH}`);
    expect(csp['connect-src']).toBe("'self'");
    expect(csp['worker-src']).toBe("'self'");
    expect(csp['manifest-src']).toBe("'self'");
  });

  it('un script d’audience configuré ajoute son origine aux scripts, aux connexions et aux images, rien d’autre', () => {
    const csp = policy({ ANALYTICS_SCRIPT_URL: 'https://stats.exemple.ch/js/script.js' });
    expect(csp['script-src']).toBe(`'self' 'strict-dynamic' ${HASH} https://stats.exemple.ch`);
    expect(csp['connect-src']).toBe("'self' https://stats.exemple.ch");
    expect(csp['img-src']).toContain('https://stats.exemple.ch');
    expect(csp['default-src']).toBe("'self'");
    expect(csp['worker-src']).toBe("'self'");
  });

  it('Firebase avec FCM : les API d’installation et d’enregistrement FCM s’ajoutent aux connexions, seulement alors', () => {
    const firebase = {
      DATA_BACKEND: 'firestore',
      FIREBASE_PROJECT_ID: 'agenda-test',
      FIREBASE_API_KEY: 'AIza-test',
      FIREBASE_STORAGE_BUCKET: 'agenda-test.firebasestorage.app',
      SESSION_SECRET: 's'.repeat(48),
      SMTP_URL: 'smtps://u:p@smtp.exemple.ch:465',
    };
    const fcmOrigins = ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'];
    const withFcm = policy({ ...firebase, FIREBASE_APP_ID: '1:42:web:abc' })['connect-src'];
    for (const origin of fcmOrigins) expect(withFcm).toContain(origin);
    const withoutFcm = policy(firebase)['connect-src'];
    for (const origin of fcmOrigins) expect(withoutFcm).not.toContain(origin);
  });

  // Issue 68: SECURE_COOKIES does more than `Secure` and HSTS (docs/configuration.md, docs/firebase.md): behind HTTPS,
  // the policy has the browser ask every resource of a page in https.
  it('derrière HTTPS (SECURE_COOKIES), la politique fait demander chaque ressource en https ; sans, rien de tel', () => {
    const header = (env: Record<string, string>) => {
      const { config, firebase } = createServices(loadConfig({ ...base, ...env }));
      return serializeCsp(cspDirectives(config, firebase, [HASH]));
    };
    expect(header({ SECURE_COOKIES: 'true' }).split('; ')).toContain('upgrade-insecure-requests');
    expect(header({})).not.toContain('upgrade-insecure-requests');
  });

  it('les scripts en ligne d’une page sont ceux que le navigateur exécute, hachés comme il les hache', () => {
    const html =
      '<html><head><script>a()</script><script type="application/ld+json">{"x":1}</script></head>' +
      '<body><script src="/x.js"></script><script type="module" async="">import "/y.js";</script></body></html>';
    const texts = (page: string) => inlineScripts(Buffer.from(page)).map((script) => script.toString('utf8'));
    expect(texts(html)).toEqual(['a()', 'import "/y.js";']);
    // Found in the page's bytes: a text with accents, an end tag with a space, an element whose name only starts the
    // same, a script in a subarray of a larger buffer (as the rendered page is).
    expect(
      texts('<scripts>no()</scripts><script>f("é«»")</script ><script\ntype="text/javascript">g()</script>'),
    ).toEqual(['f("é«»")', 'g()']);
    const framed = Buffer.from('xx<script>h()</script>yy');
    expect(inlineScripts(framed.subarray(2, 22)).map(String)).toEqual(['h()']);
    // A script never closed runs nothing the policy should allow.
    expect(texts('<script>open(')).toEqual([]);
    // echo -n 'a()' | openssl dgst -sha256 -binary | base64
    expect(scriptHash('a()')).toBe("'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='");
    expect(scriptHash(Buffer.from('a()'))).toBe(scriptHash('a()'));
    expect(
      serializeCsp({ 'script-src': ["'self'"], 'upgrade-insecure-requests': null, 'object-src': ["'none'"] }),
    ).toBe("script-src 'self'; object-src 'none'");
  });
});
