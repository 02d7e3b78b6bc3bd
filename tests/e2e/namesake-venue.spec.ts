// Places the outside walk of issue 70 got wrong, on a 390 px phone, with and without JavaScript: « Cugy » exists in
// Vaud and in Fribourg; the list tells them apart, the canton chosen picks its own, an NPA of the other canton is
// refused by the server whatever filled it, and the moderator sees where the point falls. A locality the list does
// not know takes its NPA's point in the form too, and a pin can be placed by hand.
import type { Page } from '@playwright/test';
import { findLocality } from '../../app/domain/localities';
import { expect, test } from './fixtures';
import { confirmationId, inDays, unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

const CUGY_VD = findLocality('Cugy', { canton: 'VD' });
const NPA_1041 = findLocality('1041');

/** The event form filled but for its place. */
async function fillEvent(page: Page, title: string) {
  await page.goto('/organizer/submit-event');
  await page.getByLabel('Titre', { exact: true }).fill(title);
  await page.getByLabel('Catégorie', { exact: true }).selectOption('musique');
  await page
    .getByLabel('Description', { exact: true })
    .fill('Le concert de printemps de la fanfare du village, suivi d’une verrée.');
  await page.getByLabel('Date de début', { exact: true }).fill(inDays(15));
  await page.getByLabel('Heure de début', { exact: true }).fill('20:00');
  await page.getByLabel('Entrée gratuite').check();
  await page.getByLabel('Lieu', { exact: true }).fill(`Salle ${title}`);
  await page.getByLabel('Organisateur', { exact: true }).fill(`Fanfare ${title}`);
}

test('« Cugy » : la liste distingue Cugy (VD) et Cugy (FR), le NPA de l’autre canton est refusé, la modération dit où est le point', async ({
  page,
  people,
  removeAfter,
  javaScriptEnabled,
}) => {
  const js = Boolean(javaScriptEnabled);
  const title = unique('Fanfare');
  await people.signIn();
  await fillEvent(page, title);
  // Two namesakes, each with its canton and NPA: never two identical « Cugy ».
  if (js) await page.getByLabel('Localité', { exact: true }).focus();
  const list = page.locator('datalist#localities');
  await expect(list.locator('option[value="Cugy (VD)"]')).toHaveAttribute('label', 'NPA 1053');
  await expect(list.locator('option[value="Cugy (FR)"]')).toHaveAttribute('label', 'NPA 1482');
  await expect(list.locator('option[value="Cugy"]')).toHaveCount(0);

  // Cugy FR's NPA under Vaud: refused by the server (without JavaScript) and in the browser, what was typed kept.
  await page.getByLabel('NPA', { exact: true }).fill('1482');
  await page.getByLabel('Localité', { exact: true }).fill('Cugy (VD)');
  await page.getByLabel('Canton', { exact: true }).selectOption('VD');
  await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(page.locator('#field-postalCode-error')).toHaveText(
    'Le NPA 1482 n’est pas dans le canton choisi (Vaud)\u00a0: vérifiez le NPA ou le canton.',
  );
  await expect(page.getByLabel('NPA', { exact: true })).toHaveValue('1482');

  if (js) {
    // The canton chosen picks its Cugy: Vaud's NPA and point, not Fribourg's.
    await page.getByLabel('NPA', { exact: true }).fill('');
    await page.getByLabel('Localité', { exact: true }).fill('');
    // As the walk did: canton Vaud, then « Cugy ».
    await page.getByLabel('Canton', { exact: true }).selectOption('VD');
    await page.getByLabel('Localité', { exact: true }).fill('Cugy');
    await page.getByLabel('Localité', { exact: true }).blur();
    await expect(page.getByLabel('NPA', { exact: true })).toHaveValue('1053');
    await expect(page.getByLabel('Canton', { exact: true })).toHaveValue('VD');
    await expect(page.locator('input[name="lat"]')).toHaveValue(String(CUGY_VD?.lat));
  } else {
    await page.getByLabel('NPA', { exact: true }).fill('1053');
  }
  await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
  const id = confirmationId(page);
  removeAfter.event(id);

  // The moderator reads where the point is: the locality and canton it falls in, and a link to the map.
  const admin = await people.pageAs(await people.createUser({ role: 'admin' }), {
    javaScriptEnabled: js,
    viewport: { width: 390, height: 844 },
  });
  await admin.goto(`/admin/events?eventId=${id}`);
  const point = admin.getByTestId('moderation-detail').getByTestId('moderation-point');
  await expect(point).toContainText('Près de Cugy (Vaud)');
  await expect(point.getByRole('link', { name: 'voir le point sur la carte' })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=46\.\d+&mlon=6\.\d+/,
  );
  await expect(point).not.toContainText('vérifiez-le');
});

test('une localité absente de la liste prend le point de son NPA ; sans point, le repère se place à la main @js-only', async ({
  page,
  people,
}) => {
  await people.signIn();
  await fillEvent(page, unique('Fanfare'));
  await page.getByLabel('Localité', { exact: true }).fill('Les Trois-Sapins');
  await page.getByLabel('Localité', { exact: true }).blur();
  // No point yet: said, and a pin can be placed by hand; the map opens, but the point is the pin only once moved.
  const none = page.getByTestId('place-without-point');
  await expect(none).toContainText('n’apparaît ni sur la carte');
  await page.getByLabel('Canton', { exact: true }).selectOption('VD');
  await none.getByRole('button', { name: 'Placer le repère à la main' }).click();
  await expect(page.getByTestId('place-pin-by-hand')).toContainText('tant qu’il n’a pas bougé');
  await expect(page.getByTestId('pin-map')).toBeVisible();
  await expect(page.locator('input[name="lat"]')).toHaveValue('');
  // The NPA gives the point, as the server does on submit: the map shows it, « Pas encore de point » goes.
  await page.getByLabel('NPA', { exact: true }).fill('1041');
  await expect(page.locator('input[name="lat"]')).toHaveValue(String(NPA_1041?.lat));
  await expect(page.getByTestId('place-without-point')).toHaveCount(0);
  await expect(page.getByTestId('pin-map')).toBeVisible();
});

test('un lieu sans point (« Les Moilles », NPA 1099) : la confirmation dit qu’il n’est ni sur la carte ni dans « Autour de » (issue 70)', async ({
  page,
  people,
  removeAfter,
}) => {
  await people.signIn();
  await fillEvent(page, unique('Fanfare'));
  await page.getByLabel('Localité', { exact: true }).fill('Les Moilles');
  await page.getByLabel('Canton', { exact: true }).selectOption('VD');
  await page.getByLabel('NPA', { exact: true }).fill('1099');
  await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
  removeAfter.event(confirmationId(page));
  await expect(page.getByTestId('confirmation-no-point')).toContainText(
    'l’événement n’apparaîtra ni sur la carte ni dans «\u00a0Autour de\u00a0» tant qu’il n’en a pas',
  );
  await expect(page.getByText('la recherche, la carte et les flux')).toHaveCount(0);
});
