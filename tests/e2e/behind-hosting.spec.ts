// The production server behind the Hosting proxy of the suite (tests/support/hosting-proxy.ts), which sends requests
// as Firebase Hosting sends them to Cloud Run: Host is the instance's own address, the site in X-Forwarded-Host
// (issue 46). With TRUST_PROXY=1, as operators wrote it, a browser's form is accepted: Express read the string "1" as
// the address 0.0.0.1, trusted no proxy, and compared Origin with the instance's address (403 on every form).
import { expect, test } from '@playwright/test';
import { type HostingProxy, startHostingProxy } from '../support/hosting-proxy';
import { type OwnServer, startOwnServer } from './own-server';

test.describe('derrière le mandataire Hosting, TRUST_PROXY=1 @http @sqlite-only', () => {
  let server: OwnServer;
  let proxy: HostingProxy;
  const proxyPort = Number(process.env.E2E_PORT ?? 3100) + 95;
  const site = `http://127.0.0.1:${proxyPort}`;

  test.beforeAll(async () => {
    server = await startOwnServer({
      portOffset: 94,
      log: true,
      env: { WEB_CONCURRENCY: '1', TRUST_PROXY: '1', SITE_URL: site },
    });
    proxy = await startHostingProxy({ upstreams: [server.base], port: proxyPort });
  });
  test.afterAll(async () => {
    await proxy?.close();
    await server?.stop();
  });

  test('un formulaire envoyé par le navigateur passe ; un X-Forwarded-Host d’un autre site est refusé', async ({
    request,
  }) => {
    // The page through the proxy, its honeypot sent back as a browser would (utils.ts, formSecurity).
    const page = await (await request.get(`${proxy.url}/contact`)).text();
    const shownAt = /<input[^>]*name="from_confirm"[^>]*>/.exec(page)?.[0] ?? '';
    const form = {
      name: 'Éva Rochat',
      email: 'eva@exemple.ch',
      subject: 'Question',
      message: 'Bonjour, une question sur l’agenda.',
      website_confirm: '',
      from_confirm: /value="([^"]*)"/.exec(shownAt)?.[1] ?? '',
    };
    expect(form.from_confirm).not.toBe('');
    const sent = await request.post(`${proxy.url}/contact`, { form, headers: { Origin: site }, maxRedirects: 0 });
    expect(sent.status()).toBe(302);
    expect(sent.headers().location).toBe('/contact?envoye=1');
    // Straight to the instance, as from the proxy (trusted: one hop), for another site: refused before the form.
    const elsewhere = await request.post(`${server.base}/contact`, {
      form,
      headers: { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' },
      maxRedirects: 0,
    });
    expect(elsewhere.status()).toBe(400);
    expect(await elsewhere.text()).toContain('Cette requête est adressée à un autre site que celui-ci.');
    expect(server.log()).toMatch(/\[http\] requête refusée, X-Forwarded-Host "evil\.example"/);
    // The start-up line names the site's address, not the instance's localhost (issue 68).
    expect(server.log()).toContain(`Agenda romand à l’écoute sur ${site} (port ${proxyPort - 1}) (`);
  });
});
