// Discovery on a 390×844 phone (issue 19 §1, §4, §6, §7): results on the first screen, a filter bar and a sticky bar
// big enough to tap, the suggestion of a misspelt search, and axe on the new components.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { addDaysToDate, zurichIso, zurichToday } from '../../app/domain/dates';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

/** Refuses the optional cookies, so the banner does not stand in front of what is measured. */
async function dismissCookies(page: Page) {
  await page.getByRole('button', { name: 'Nécessaires uniquement' }).click();
  await expect(page.getByRole('region', { name: 'Cookies et vie privée' })).toHaveCount(0);
}

async function expectTapTarget(target: Locator, name: string) {
  const box = await target.boundingBox();
  expect(box?.height, `hauteur de ${name}`).toBeGreaterThanOrEqual(44);
  expect(box?.width, `largeur de ${name}`).toBeGreaterThanOrEqual(44);
}

async function seriousViolations(page: Page, selectors: string[]) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of selectors) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

test.describe('découverte sur un téléphone de 390 × 844', () => {
  // Dates from the clock the server is given: « Ce mois » on the 30th, or « Cette semaine » on a Sunday evening, may
  // hold no concert at all.
  const within30Days = () => `du=${zurichToday()}&au=${addDaysToDate(zurichToday(), 30)}`;
  for (const url of ['/evenements', '/evenements?canton=VD&gratuit=1', '/evenements?du=…&au=…&category=musique']) {
    test(`la première carte de ${url} est dans le premier écran, sous la barre de filtres`, async ({ page }) => {
      await page.goto(url.replace('du=…&au=…', within30Days()));
      const firstCard = page.locator('.event-card').first();
      await expect(firstCard).toBeVisible();
      const box = await firstCard.boundingBox();
      expect(box?.y, 'haut de la première carte').toBeLessThan(844 - 100);
      await expect(page.getByTestId('result-count')).toBeInViewport();
      await expect(page.locator('.day-group__heading').first()).toHaveText(
        /^(En cours|(Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche) (1er|\d{1,2}) \p{L}+( \d{4})?)$/u,
      );
    });
  }

  test('les filtres actifs sont des pastilles qui se retirent ; la barre reste visible en faisant défiler @once', async ({
    page,
  }) => {
    await page.goto('/evenements?canton=VD&gratuit=1');
    await dismissCookies(page);
    const bar = page.getByTestId('filter-bar');
    const chips = bar.getByRole('list', { name: 'Filtres actifs' }).getByRole('link');
    await expect(chips).toHaveText([/Vaud/, /Gratuit/]);
    await expectTapTarget(bar.getByText('Filtres', { exact: false }).first(), 'Filtres');
    for (const chip of await chips.all()) await expectTapTarget(chip, 'une pastille');
    await page.mouse.wheel(0, 1500);
    await expect(page.getByTestId('result-count')).toBeInViewport();
    await chips.filter({ hasText: 'Gratuit' }).click();
    await expect(page).toHaveURL('/evenements?canton=VD');
    await expect(bar.getByRole('list', { name: 'Filtres actifs' }).getByRole('link')).toHaveText([/Vaud/]);
  });

  test('avec JavaScript, « Filtres » ouvre un panneau ; « Voir N événements » reste visible et y ramène @js-only', async ({
    page,
  }) => {
    await page.goto('/evenements');
    await dismissCookies(page);
    await expect(page.locator('#filtres')).toBeHidden();
    await page.getByRole('button', { name: /Filtres/ }).click();
    await expect(page.getByRole('heading', { name: 'Rechercher et filtrer' })).toBeFocused();
    const resultCount = page.getByTestId('result-count');
    const total = await resultCount.innerText();
    await page.getByLabel('Région', { exact: true }).selectOption('VD');
    await expect(page).toHaveURL(/canton=VD/);
    // The URL changes before the filtered results are rendered: wait for the count of Vaud alone.
    await expect(resultCount).not.toHaveText(total);
    const count = Number.parseInt(await resultCount.innerText(), 10);
    const see = page.getByTestId('filters-submit');
    await expect(see).toHaveText(`Voir ${count} événement${count > 1 ? 's' : ''}`);
    await expect(see).toBeInViewport({ ratio: 1 });
    expect(await seriousViolations(page, ['#filtres', '[data-testid="filter-bar"]'])).toEqual([]);
    await see.click();
    await expect(page.locator('#filtres')).toBeHidden();
    await expect(page.locator('.event-card').first()).toBeInViewport();
    await page.getByRole('button', { name: /Filtres/ }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /Filtres/ })).toBeFocused();
  });

  test('sans JavaScript, « Filtres » mène au formulaire, placé après les résultats @nojs-only', async ({ page }) => {
    await page.goto('/evenements');
    await page.getByRole('link', { name: /Filtres/ }).click();
    await expect(page).toHaveURL(/#filtres$/);
    await expect(page.getByLabel('Région', { exact: true })).toBeInViewport();
    const form = await page.locator('#filtres').boundingBox();
    const lastCard = await page.locator('.event-card').last().boundingBox();
    expect(form?.y ?? 0).toBeGreaterThan(lastCard?.y ?? Number.POSITIVE_INFINITY);
  });

  test('la page 2 s’ouvre sur ses résultats, pas en haut du formulaire', async ({ page }) => {
    await page.goto('/evenements');
    await dismissCookies(page);
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL('/evenements?page=2#resultats');
    await expect(page.locator('.event-card').first()).toBeInViewport();
    // The browser scrolls to the anchor once the page is laid out: asked right after the load, it may not have yet.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('une faute de frappe : « concrt » propose « concert », à un clic @journey @once', async ({ page }) => {
    await page.goto('/evenements?q=concrt');
    const suggestion = page.getByTestId('search-suggestion');
    await expect(suggestion).toContainText('Vouliez-vous dire');
    await suggestion.getByRole('link', { name: /concert/ }).click();
    await expect(page).toHaveURL(/q=concert/);
    await expect(page.locator('.event-card').first()).toBeVisible();
  });

  test('une faute de frappe ne propose jamais le titre d’un événement en attente @journey @once', async ({
    page,
    createEvent,
  }) => {
    await createEvent({ status: 'pending', title: 'Zygomatiquerie secrète du mardi' });
    await page.goto('/evenements?q=zygomatiqueri');
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await expect(page.getByTestId('search-suggestion')).toHaveCount(0);
  });

  test('les cartes ont une image ou le dessin de leur catégorie, dans un cadre de proportions fixes @once', async ({
    page,
  }) => {
    await page.goto('/evenements');
    const media = page.locator('.event-card__media');
    await expect(media.first()).toBeVisible();
    for (const item of (await media.all()).slice(0, 6)) {
      // An image of its own, or the category's drawing painted by the stylesheet (drawing, circles, colour).
      const picture = await item.evaluate((box) => ({
        image: box.querySelectorAll(':scope > img[srcset][sizes]').length,
        art: box.dataset.art ?? null,
        layers: getComputedStyle(box).backgroundImage.split('url("data:image/svg+xml').length - 1,
        ratio: box.getBoundingClientRect().width / box.getBoundingClientRect().height,
      }));
      if (picture.art) expect(picture).toMatchObject({ image: 0, layers: 2 });
      else expect(picture).toMatchObject({ image: 1, layers: 0 });
      expect(picture.ratio).toBeCloseTo(1, 1);
    }
    const lazy = page.locator('.event-card__media img[loading="lazy"]');
    for (const img of await lazy.all()) await expect(img).toHaveAttribute('srcset', /400w.*800w/);
  });

  test('la barre de la fiche ne coupe jamais son texte : une date sur plusieurs jours et « Ajouter au calendrier » @once', async ({
    page,
    createEvent,
  }) => {
    const days = [3, 9].map((n) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(Date.now() + n * 86_400_000),
    );
    const long = await createEvent({
      ticketUrl: '',
      isFree: false,
      priceMin: 12.5,
      priceMax: 35,
      startsAt: zurichIso(days[0], '19:30'),
      endsAt: zurichIso(days[1], '23:00'),
    });
    await page.goto(`/evenement/${long.id}`);
    await dismissCookies(page);
    const bar = page.getByTestId('event-bar');
    await expect(bar.getByRole('link', { name: 'Ajouter au calendrier' })).toBeVisible();
    // Each text of the bar fits its box, and the date and the price stay beside the button, not under it.
    const layout = await bar.evaluate((el) => {
      const info = el.querySelector('.event-bar__info') as HTMLElement;
      const action = el.querySelector('a') as HTMLElement;
      return {
        overflowing: [info, ...info.querySelectorAll<HTMLElement>('*')]
          .filter((e) => e.scrollWidth > e.clientWidth + 1)
          .map((e) => e.textContent),
        infoRight: info.getBoundingClientRect().right,
        actionLeft: action.getBoundingClientRect().left,
        barRight: el.getBoundingClientRect().right,
        actionRight: action.getBoundingClientRect().right,
      };
    });
    expect(layout.overflowing).toEqual([]);
    expect(layout.infoRight).toBeLessThanOrEqual(layout.actionLeft);
    expect(layout.actionRight).toBeLessThanOrEqual(layout.barRight);
    await expect(bar.locator('time')).toHaveText(/→/);
  });

  test('la fiche : une barre fixe avec la date, le prix et l’action, d’au moins 44 px @once', async ({
    page,
    createEvent,
  }) => {
    const withTickets = await createEvent({ ticketUrl: 'https://billets.exemple.ch/concert' });
    const without = await createEvent({ ticketUrl: '' });
    await page.goto(`/evenement/${withTickets.id}`);
    await dismissCookies(page);
    const bar = page.getByTestId('event-bar');
    await expect(bar).toBeInViewport({ ratio: 1 });
    await expect(bar).toContainText('CHF');
    await expectTapTarget(bar.getByRole('link', { name: 'Billetterie' }), 'Billetterie');
    await page.mouse.wheel(0, 2000);
    await expect(bar).toBeInViewport({ ratio: 1 });
    await page.goto(`/evenement/${without.id}`);
    await page.getByTestId('event-bar').getByRole('link', { name: 'Ajouter au calendrier' }).click();
    await expect(page.getByRole('link', { name: 'Google Agenda' })).toBeInViewport();
  });

  test('axe : la liste, ses pastilles, ses cartes et la barre de la fiche, sans violation sérieuse @js-only', async ({
    page,
    createEvent,
  }) => {
    await page.goto('/evenements?canton=VD&gratuit=1');
    expect(await seriousViolations(page, ['[data-testid="filter-bar"]', '.events-results'])).toEqual([]);
    await page.goto(`/evenement/${(await createEvent({ ticketUrl: 'https://billets.exemple.ch/a' })).id}`);
    expect(await seriousViolations(page, ['[data-testid="event-bar"]', '.event-detail__facts'])).toEqual([]);
  });
});
