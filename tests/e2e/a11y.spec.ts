// Accessibility (issue 10): axe on the pages visitors, organizers and admins use; no serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { makeEvent, makeOrganizer, makeVenue } from '../support/factories';
import { expect, type Ports, test } from './fixtures';
import { fillEvent } from './utils';

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

/** The published event that comes first. */
const upcomingEventId = async ({ store }: Ports) =>
  (await store.events.search({ status: ['approved'], endsAfter: new Date().toISOString(), limit: 1, offset: 0 }))
    .items[0].id;

/** A venue and an organizer with an upcoming event of theirs (issue 36), made once: their pages' addresses. */
async function placePages({ store }: Ports): Promise<{ venue: string; organizer: string }> {
  const venue = makeVenue({ id: 'axe-lieu', slug: 'salle-axe', name: 'Salle axe', description: 'Une salle.' });
  const organizer = makeOrganizer({ id: 'axe-organisateur', slug: 'organisateur-axe', name: 'Organisateur axe' });
  if (!(await store.venues.findById(venue.id))) await store.venues.insertMany([venue]);
  if (!(await store.organizers.findById(organizer.id))) await store.organizers.insertMany([organizer]);
  if (!(await store.events.findById('axe-evenement-lieu')))
    await store.events.insertMany([
      makeEvent({ id: 'axe-evenement-lieu', venueId: venue.id, organizerId: organizer.id, category: 'ateliers-cours' }),
    ]);
  return { venue: `/lieux/${venue.slug}`, organizer: `/organisateurs/${organizer.slug}` };
}

// axe reads the whole page: generous on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

test.describe('accessibilité (axe) @js-only', () => {
  const publicPages: [string, (ports: Ports) => string | Promise<string>][] = [
    ['accueil', () => '/'],
    ['liste', () => '/evenements'],
    ['recherche filtrée', () => '/evenements?q=fete&canton=VD'],
    ['carte', () => '/evenements?vue=carte'],
    ['fiche', async (ports) => `/evenement/${await upcomingEventId(ports)}`],
    ['partenaires', () => '/partenaires'],
    ['lieux', () => '/lieux'],
    ['page d’un lieu', async (ports) => (await placePages(ports)).venue],
    ['organisateurs', () => '/organisateurs'],
    ['page d’un organisateur', async (ports) => (await placePages(ports)).organizer],
    ['connexion', () => '/auth/login'],
    ['inscription', () => '/auth/register'],
    ['contact', () => '/contact'],
    ['nous soutenir', () => '/support-us?montant=25'],
    ['développeurs', () => '/developpeurs'],
    ['agenda à intégrer (cadre)', () => '/integrer?canton=VD'],
    ['configurateur de l’agenda à intégrer', () => '/integrer/configurateur'],
    ['alerte par email', () => '/alertes/nouvelle?canton=VD&gratuit=1'],
  ];
  for (const [name, path] of publicPages) {
    test(`page publique : ${name}`, async ({ page, ports }) => {
      await page.goto(await path(ports));
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('organisateur : tableau de bord, profil, publication, formulaire en erreur', async ({
    page,
    signIn,
    createEvent,
  }) => {
    const organizer = await signIn();
    // A published event of theirs, so that the dashboard offers « Annuler l’événement ».
    await createEvent({ createdBy: organizer.uid });
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

  test('admin : tableau de bord, modération, catégories, partenaires, comptes', async ({ page, signIn }) => {
    // Five pages read by axe in one test (one login).
    test.slow();
    await signIn({ role: 'admin' });
    for (const path of [
      '/admin',
      '/admin/events',
      '/admin/categories',
      '/admin/partners',
      '/admin/lieux',
      '/admin/organisateurs',
      '/admin/users',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});
