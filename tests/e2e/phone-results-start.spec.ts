// On a 390×844 phone (issue 70): after the filters are applied, the results start visible — the holiday periods' box and
// the first day's heading below the sticky header and filter bar, not under them; and the cookie banner takes at most a
// fifth of the first screen, the first result visible above it.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

/** The bottom of what stays on top while scrolling: the site's header and the filter bar. */
async function stickyBottom(page: Page) {
  const bar = await page.getByTestId('filter-bar').boundingBox();
  return (bar?.y ?? 0) + (bar?.height ?? 0);
}

async function expectBelowBar(page: Page, target: Locator, name: string) {
  await expect(target).toBeInViewport();
  const box = await target.boundingBox();
  expect(box?.y ?? -1, `haut de ${name} sous la barre`).toBeGreaterThanOrEqual(await stickyBottom(page));
}

test.describe('le début des résultats sur un téléphone', () => {
  test('après « Voir N événements », les dates des vacances et le premier jour sous la barre @js-only', async ({
    page,
  }) => {
    await page.goto('/evenements?vacances=VD');
    await page.getByRole('button', { name: 'Nécessaires uniquement' }).click();
    await page.getByRole('button', { name: /Filtres/ }).click();
    await page.getByLabel('Région', { exact: true }).selectOption('VD');
    await expect(page).toHaveURL(/canton=VD/);
    await page.getByTestId('filters-submit').click();
    await expect(page.locator('#filtres')).toBeHidden();
    // The scroll is smooth or not: wait until it has come to rest.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.waitForTimeout(100);
    await expectBelowBar(page, page.getByTestId('holiday-dates'), 'la liste des vacances');
    await expectBelowBar(page, page.locator('.day-group__heading').first(), 'le titre du premier jour');
  });

  test('la page 2 d’une sélection s’ouvre sur le début de ses résultats, sous la barre et sa pastille', async ({
    page,
  }) => {
    // A chip in the bar (« Vaud »): 148 px high on this phone, under which the first day's heading was.
    await page.goto('/evenements?canton=VD&page=2#resultats');
    await expect(page.getByTestId('filter-bar').getByRole('list', { name: 'Filtres actifs' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expectBelowBar(page, page.locator('.day-group__heading').first(), 'le titre du premier jour');
  });

  test('le bandeau des cookies : un cinquième de l’écran au plus, la première carte au-dessus', async ({ page }) => {
    await page.goto('/evenements');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    const box = await banner.boundingBox();
    expect(box?.height ?? 844, 'hauteur du bandeau').toBeLessThanOrEqual(844 / 5);
    // The first result: its title whole above the banner.
    const title = await page.locator('.event-card__title').first().boundingBox();
    expect((title?.y ?? 844) + (title?.height ?? 0), 'bas du titre de la première carte').toBeLessThanOrEqual(
      box?.y ?? 0,
    );
  });
});
