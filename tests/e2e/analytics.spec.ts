// Audience measurement (docs/specification.md §2, §4): after every navigation a page view (path, title) goes to our own counter, only
// once the visitor accepted audience measurement; robots (a headless browser says so) are never counted.
import type { Page } from '@playwright/test';
import { expect, type Ports, test } from './fixtures';
import { unique } from './utils';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

const EVER = ['2000-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z'];

/** The views counted for a path and the title of the latest, or null when none was. */
const viewsOf = async ({ store }: Ports, path: string) =>
  (await store.stats.topPages(EVER[0], EVER[1], 100_000)).find((p) => p.path === path) ?? null;
const allViews = async ({ store }: Ports) => (await store.stats.countPageViews(EVER))[0];

/**
 * A page of its own: an event page no other test visits (an unknown id, so its « introuvable » page). Only this site's
 * pages are counted: a path no route serves would not be.
 */
const ownPath = (label: string) => `/evenement/${unique(`mesure-${label}`).replace(/\s+/g, '-')}`;

/** The page view sent for that path (a busy browser may report an earlier page's beacon late: it is not this one). */
const beacon = (page: Page, path: string) =>
  page.waitForRequest(
    (r) =>
      r.url().endsWith('/analytics/pageview') &&
      r.method() === 'POST' &&
      (JSON.parse(r.postData() ?? '{}') as { path?: string }).path === path,
  );

test.describe('mesure d’audience', () => {
  test.describe('navigateur ordinaire', () => {
    test.use({ userAgent: CHROME });

    test('aucune page vue avant le consentement ; chaque navigation compte ensuite ; plus rien après un refus @js-only', async ({
      page,
      ports,
    }) => {
      const before = ownPath('avant');
      await page.goto(before);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(500);
      expect(await viewsOf(ports, before)).toBeNull();

      // Accepting counts the page on screen, then every page after it.
      await page
        .getByRole('region', { name: 'Cookies et vie privée' })
        .getByRole('button', { name: 'Tout accepter' })
        .click();
      await expect.poll(async () => (await viewsOf(ports, before))?.views).toBe(1);
      const title = await page.title();
      expect((await viewsOf(ports, before))?.title).toBe(title);

      const next = ownPath('apres');
      await page.goto(next);
      await expect.poll(async () => (await viewsOf(ports, next))?.views).toBe(1);

      // A navigation inside the app (no page load) sends its page view too, with the new page's title.
      const sent = beacon(page, '/faq');
      await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
      await expect(page).toHaveURL(/\/faq$/);
      const body = JSON.parse((await sent).postData() ?? '{}') as { path: string; title: string };
      // `analytics`: the choice kept in local storage, which the server cannot read (decision 037).
      expect(body).toEqual({ path: '/faq', title: await page.title(), analytics: true });

      // Withdrawn consent: nothing more.
      await page.getByRole('contentinfo').getByRole('button', { name: 'Cookies' }).click();
      const dialog = page.getByRole('dialog', { name: 'Préférences des cookies' });
      await dialog.getByLabel('Mesure d’audience').uncheck();
      await dialog.getByRole('button', { name: 'Sauvegarder les préférences' }).click();
      await expect(dialog).toBeHidden();
      const after = ownPath('refus');
      await page.goto(after);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(500);
      expect(await viewsOf(ports, after)).toBeNull();
    });

    test('le tableau de bord admin montre les pages vues @js-only', async ({ page, ports, createUser, loginAs }) => {
      await page.goto(ownPath('tableau'));
      await page
        .getByRole('region', { name: 'Cookies et vie privée' })
        .getByRole('button', { name: 'Tout accepter' })
        .click();
      await expect.poll(() => allViews(ports)).toBeGreaterThan(0);
      await loginAs(page, await createUser({ role: 'admin' }));
      await page.goto('/admin');
      const audience = page.getByRole('region', { name: 'Audience des 30 derniers jours' });
      await expect(audience.getByRole('img', { name: /^Pages vues par jour/ })).toBeVisible();
      const shown = Number(
        (
          (await audience
            .getByText(/pages? vues?\.$/)
            .first()
            .textContent()) ?? ''
        ).replace(/\D/g, ''),
      );
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThanOrEqual(await allViews(ports));
    });
  });

  test('un navigateur sans interface (un robot) n’est jamais compté, même avec le consentement @js-only', async ({
    page,
    ports,
  }) => {
    const path = ownPath('robot');
    await page.goto(path);
    await page
      .getByRole('region', { name: 'Cookies et vie privée' })
      .getByRole('button', { name: 'Tout accepter' })
      .click();
    // The choice must be stored before the reload, or the reloaded page has no consent to send with.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cookie-consent-given') === 'true')).toBe(true);
    const sent = beacon(page, path);
    await page.reload();
    await sent;
    await page.waitForTimeout(500);
    expect(await viewsOf(ports, path)).toBeNull();
  });
});
