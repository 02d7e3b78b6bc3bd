import { expect, test } from '@playwright/test';
import { CATEGORY_SLUGS, DEFAULT_CATEGORIES } from '../../app/domain/categories';

const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/how-it-works',
  '/contact',
  '/faq',
  '/legal',
  '/privacy-policy',
  '/support-us',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/verify-email',
  '/auth/email-verification',
  '/evenements',
  '/partenaires',
];

test.describe('coquille du site', () => {
  test('chaque route publique répond 200 avec un titre Agenda romand @once', async ({ page }) => {
    for (const route of PUBLIC_ROUTES) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(200);
      // The site's name and tagline, or its name alone where both would pass 70 characters (issue 52).
      await expect(page, route).toHaveTitle(
        / · Agenda romand( — les événements de Suisse romande)?$|^Agenda romand — /,
      );
      expect((await page.title()).length, route).toBeLessThanOrEqual(70);
    }
  });

  test('la fiche d’un événement et celle d’un partenaire répondent 200 @once', async ({ page }) => {
    await page.goto('/evenements');
    await page.locator('.event-card__title a').first().click();
    await expect(page).toHaveURL(/\/evenement\/[a-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/partenaires');
    await page.locator('.partner-card').first().click();
    await expect(page).toHaveURL(/\/partenaires\/[a-z0-9]+$/);
    await expect(page.getByRole('link', { name: 'Site web' })).toBeVisible();
  });

  test('le menu s’ouvre avec le burger et se ferme par un clic à l’extérieur', async ({ page }) => {
    await page.goto('/about');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu).toBeHidden();
    await page.getByTestId('burger').click();
    await expect(menu).toBeVisible();
    for (const name of [
      'Accueil',
      'Événements',
      'Partenaires & Donateurs',
      'À propos',
      'Comment ça marche ?',
      'Contact',
      'Connexion',
      'Inscription',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Ajouter un événement' })).toHaveAttribute(
      'href',
      '/organizer/submit-event',
    );
    const box = await menu.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(280);
    await page.mouse.click(40, 400);
    await expect(menu).toBeHidden();
  });

  test('le menu s’ouvre au clavier', async ({ page }) => {
    await page.goto('/faq');
    await page.getByTestId('menu-toggle').focus();
    await page.keyboard.press('Space');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focusedInMenu = await page.evaluate(() => Boolean(document.activeElement?.closest('#site-menu')));
    expect(focusedInMenu).toBe(true);
  });

  test('la recherche du menu mène à la liste avec q ; une localité, autour d’elle (décision 161)', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('burger').click();
    const search = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('searchbox');
    await search.fill('Lausanne');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/evenements\?autour=Lausanne&rayon=10&lu=Lausanne$/);
    await expect(page.getByRole('heading', { name: 'Événements autour de Lausanne' })).toBeVisible();
    await page.getByRole('link', { name: 'Chercher plutôt le texte « Lausanne »' }).click();
    await expect(page).toHaveURL(/\/evenements\?q=Lausanne&mot=1$/);
    await expect(page.locator('#filter-q')).toHaveValue('Lausanne');
    await expect(page.locator('.event-card').first()).toContainText('Lausanne');
  });

  test('le pied de page propose les 12 catégories et y mène', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const categoryLinks = footer.getByRole('navigation', { name: 'Catégories' }).getByRole('link');
    const hrefs = await categoryLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // The seeded 12 come first, in order; categories that admin tests create meanwhile come after them.
    expect(hrefs.slice(0, CATEGORY_SLUGS.length)).toEqual(CATEGORY_SLUGS.map((slug) => `/evenements?category=${slug}`));
    for (const href of ['/about', '/how-it-works', '/faq', '/contact', '/legal', '/privacy-policy', '/support-us']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.locator('a[href^="https://"]')).toHaveCount(2);
    // The venues' and the organizers' pages are found from every page, not only from an event's.
    for (const name of ['Lieux', 'Organisateurs']) {
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    }
    const musique = DEFAULT_CATEGORIES.find((c) => c.slug === 'musique')!;
    await footer.getByRole('link', { name: musique.label, exact: true }).click();
    await expect(page).toHaveURL(/\/evenements\?category=musique$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(musique.label);
    await expect(page.locator('.event-card__category').first()).toHaveText(musique.label);
  });

  test('une adresse inconnue affiche la page 404 en français @once', async ({ page }) => {
    const response = await page.goto('/cette-page-n-existe-pas');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
    await expect(page).toHaveTitle(/^Page introuvable · /);
    // A venue, an organizer, a partner or an event that is not there: the same title in the tab, not the home page's.
    for (const missing of [
      '/evenement/inexistant',
      '/lieux/inexistant',
      '/organisateurs/inexistant',
      '/partenaires/x',
    ]) {
      const response = await page.goto(missing);
      expect(response?.status(), missing).toBe(404);
      await expect(page).toHaveTitle(/^Page introuvable · /);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    }
  });
});
