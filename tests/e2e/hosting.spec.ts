// Issue 18: the app as Firebase Hosting serves it (E2E_HOSTING=1, in `npm run test:firebase`): two instances on the
// Firebase emulators behind tests/support/hosting-proxy.ts. The journeys of each role tagged @hosting run through it
// too (accounts, guards, organizer, moderation, cookies, support); these are about the proxy's own rules.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { submitFromOwnBrowser, unique } from './utils';

const badgeCount = (page: Page) =>
  page
    .getByTestId('pending-badge')
    .textContent()
    .then((text) => Number(text?.replace('+', '')));

test.describe('derrière Firebase Hosting @hosting @hosting-only', () => {
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
