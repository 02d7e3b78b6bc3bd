// Issue 18: the app as Firebase Hosting serves it (E2E_HOSTING=1, in `npm run test:firebase`): two instances on the
// Firebase emulators behind tests/support/hosting-proxy.ts. The journeys of each role tagged @hosting run through it
// too (accounts, guards, organizer, moderation, cookies, support); these are about the proxy's own rules.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { lastMailTo, linkInMail, register, submitFromOwnBrowser, unique, uniqueEmail } from './utils';

const badgeCount = (page: Page) =>
  page
    .getByTestId('pending-badge')
    .textContent()
    .then((text) => Number(text?.replace('+', '')));

test.describe('derrière Firebase Hosting @hosting @hosting-only', () => {
  // Issue 68: the stack had one DATA_DIR for both instances, SECURE_COOKIES off and an http SITE_URL.
  test('comme en production : https, HSTS, __session Secure, les liens des mails en https, un DATA_DIR par instance @js-only', async ({
    page,
    baseURL,
    removeAfter,
  }) => {
    expect(baseURL).toMatch(/^https:\/\/localhost:\d+$/);
    const email = uniqueEmail('production');
    removeAfter.account(email);
    const login = await page.goto('/auth/register');
    expect(login?.headers()['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(login?.headers()['content-security-policy']).toContain('upgrade-insecure-requests');
    await register(page, 'Fanfare de Moudon', email, 'trois pommes vertes à Vevey');
    // The session the server set (not one the fixtures add), kept by the browser as Secure.
    expect((await page.context().cookies()).find((c) => c.name === '__session')).toMatchObject({ secure: true });
    // Sent through SMTP by whichever instance took the form, its link to the site's https address.
    await linkInMail(email, '/auth/verify-email?token=');
    expect(lastMailTo(email)).toContain(`${baseURL}/auth/verify-email?token=`);
    const folder = process.env.E2E_DATA_DIR as string;
    for (const own of ['instance-1', 'instance-2']) expect(fs.existsSync(path.join(folder, own))).toBe(true);
  });

  test('une page publique sans __session vient du cache partagé, sans cookie ; une page connectée jamais @js-only', async ({
    request,
    page,
    signIn,
  }) => {
    const path = `/evenements?q=${unique('cache')}`;
    const first = await request.get(path);
    expect(first.headers()['set-cookie']).toBeUndefined();
    expect(first.headers()['cache-control']).toMatch(/^public, /);
    const second = await request.get(path);
    expect(second.headers()['x-hosting-cache']).toBe('hit');
    expect(await second.text()).toBe(await first.text());
    // A revalidation by the browser: 304 from the cache.
    const again = await request.get(path, { headers: { 'If-None-Match': first.headers().etag } });
    expect(again.status()).toBe(304);

    await signIn();
    const mine = await page.request.get(path);
    expect(mine.headers()['cache-control']).toBe('private, no-store');
    expect(mine.headers()['x-hosting-cache']).not.toBe('hit');
  });

  test('la page de connexion, servie du cache, ne porte aucun jeton ; un envoi forgé d’un autre site est refusé', async ({
    request,
    createUser,
  }) => {
    const organizer = await createUser();
    const html = await (await request.get('/auth/login')).text();
    expect(html).not.toContain('name="csrf"');
    const form = { email: organizer.email, password: organizer.password };
    const forgeries: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of forgeries) {
      const forged = await request.post('/auth/login', { form, headers, maxRedirects: 0 });
      expect(forged.status()).toBe(403);
      expect(await forged.text()).toContain('elle ne provient pas de ce site.');
      expect(forged.headers()['set-cookie']).toBeUndefined();
    }
  });

  test('le compteur en direct de l’admin se reconnecte après la coupure du mandataire et suit encore les soumissions @js-only', async ({
    page,
    people,
  }) => {
    await people.signIn({ role: 'admin' });
    await page.goto('/evenements');
    // The badge may be inside the closed menu on a narrow window: there, not necessarily visible.
    await expect(page.getByTestId('pending-badge')).toHaveCount(1);
    // A second stream opened after the page's own: once it has been cut and opened again, so has the page's.
    await page.evaluate(() => {
      const state = window as unknown as { opens: number };
      state.opens = 0;
      new EventSource('/admin/live').addEventListener('open', () => {
        state.opens += 1;
      });
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { opens: number }).opens), { timeout: 40_000 })
      .toBeGreaterThanOrEqual(2);
    const before = await badgeCount(page);

    const { organizer } = await submitFromOwnBrowser(people, unique('Après la coupure'));
    await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBeGreaterThan(before);
    await organizer.context().close();
  });
});
