// Accessibility (issue 10): axe on the pages visitors, organizers and admins use; no serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { fillEvent, login, queryDb } from './utils';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
}

const upcomingEventId = () =>
  queryDb<{ id: string }>(
    "SELECT id FROM events WHERE status = 'approved' AND ends_at > ? ORDER BY starts_at LIMIT 1",
    new Date().toISOString(),
  )[0].id;

// axe reads the whole page: generous on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

test.describe('accessibilité (axe) @js-only', () => {
  const publicPages: [string, () => string][] = [
    ['accueil', () => '/'],
    ['liste', () => '/evenements'],
    ['recherche filtrée', () => '/evenements?q=fete&canton=VD'],
    ['carte', () => '/evenements?vue=carte'],
    ['fiche', () => `/evenement/${upcomingEventId()}`],
    ['partenaires', () => '/partenaires'],
    ['connexion', () => '/auth/login'],
    ['inscription', () => '/auth/register'],
    ['contact', () => '/contact'],
    ['nous soutenir', () => '/support-us?montant=25'],
  ];
  for (const [name, path] of publicPages) {
    test(`page publique : ${name}`, async ({ page }) => {
      await page.goto(path());
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('organisateur : tableau de bord, profil, publication, formulaire en erreur', async ({ page }) => {
    await login(page, 'organizer');
    for (const path of ['/dashboard', '/organizer/profile', '/organizer/submit-event']) {
      await page.goto(path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // « Annuler l’événement »: the dialog, then the confirmation step of the page (without JavaScript).
    await page.goto('/dashboard');
    const cancel = page.getByRole('link', { name: 'Annuler l’événement' }).first();
    const step = (await cancel.getAttribute('href')) ?? '';
    await cancel.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page), 'boîte de confirmation').toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(step.startsWith('/') ? step : `/dashboard${step}`);
    await expect(page.getByTestId('confirm-panel')).toBeVisible();
    expect(await seriousViolations(page), 'étape de confirmation').toEqual([]);
    await page.goto('/organizer/submit-event');
    await fillEvent(page, 'Concert accessible', { startDate: '2020-01-01' });
    await page.getByLabel('NPA', { exact: true }).fill('26A0');
    await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
    await expect(page.getByTestId('form-errors')).toBeVisible();
    expect(await seriousViolations(page), 'formulaire en erreur').toEqual([]);
  });

  test('admin : tableau de bord, modération, catégories, partenaires, comptes', async ({ page }) => {
    // Five pages read by axe in one test (one login).
    test.slow();
    await login(page, 'admin', '/admin');
    for (const path of ['/admin', '/admin/events', '/admin/categories', '/admin/partners', '/admin/users']) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});
