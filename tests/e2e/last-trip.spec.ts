// « Dernier retour » (issue 51) on a 390 px phone, with and without JavaScript: a visitor living in Yverdon-les-Bains
// sees the last connection after a concert in Lausanne, from the recorded timetable the stand-in serves
// (tests/support/transport-stand-in.ts); a timetable that does not answer leaves the CFF link only, no error page.
// With JavaScript, the choice is kept in the browser only once the functional cookies are accepted.
import type { Page } from '@playwright/test';
import { zurichIso } from '../../app/domain/zurich-iso';
import { zurichDateIn } from '../support/factories';
import { expect, type Fixtures, test } from './fixtures';
import { unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

/** A concert in Lausanne in five days (by the test clock), 20:00–22:30. */
function concertIn(day: string) {
  return {
    title: unique('Concert du dernier retour'),
    venueName: 'Salle Paderewski',
    street: 'Rue de Genève 12',
    postalCode: '1003',
    city: 'Lausanne',
    canton: 'VD' as const,
    lat: 46.5197,
    lng: 6.6323,
    startsAt: zurichIso(day, '20:00'),
    endsAt: zurichIso(day, '22:30'),
  };
}

/** The page of a concert made for the test, in five days (or on `day`). */
async function openConcert(page: Page, createEvent: Fixtures['createEvent'], day = zurichDateIn(5)) {
  const event = await createEvent(concertIn(day));
  await page.goto(`/evenement/${event.id}`);
  return event;
}

/** Types the locality and asks, once the form is the page's own with JavaScript. */
async function askFrom(page: Page, locality: string, javaScriptEnabled: boolean) {
  const section = page.getByRole('region', { name: 'Dernier retour' });
  const field = section.getByLabel('J’habite à');
  if (javaScriptEnabled) {
    await expect(section).toHaveAttribute('data-enhanced', 'true');
    // The whole list of localities comes when the field is first used, not with the page.
    await field.focus();
    await expect(page.locator('#last-trip-localities option[value="Yverdon-les-Bains"]')).toHaveCount(1);
  }
  await field.fill(locality);
  await section.getByRole('button', { name: 'Voir mon dernier retour' }).click();
  return section.getByTestId('last-trip-result');
}

test('après un concert à Lausanne, le dernier train pour Yverdon-les-Bains et l’horaire CFF pré-rempli', async ({
  page,
  createEvent,
  javaScriptEnabled,
}) => {
  const day = zurichDateIn(5);
  await openConcert(page, createEvent, day);
  // The place's map stays with the place, above « Dernier retour » (under it, it read as the answer's map).
  const mapFirst = await page.evaluate(() => {
    const map = document.querySelector('.event-place .events-map');
    const lastTrip = document.querySelector('.event-place .last-trip');
    return Boolean(map && lastTrip && map.compareDocumentPosition(lastTrip) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(mapFirst).toBe(true);
  const result = await askFrom(page, 'Yverdon-les-Bains', javaScriptEnabled);
  await expect(result).toContainText(
    'Dernier départ à 23:42 de Lausanne, arrivée à 00:20 à Yverdon-les-Bains (1\u00a0changement).',
  );
  const sbb = new URL(
    (await result.getByRole('link', { name: 'Horaire complet sur le site des CFF' }).getAttribute('href')) ?? '',
  );
  expect(Object.fromEntries(sbb.searchParams)).toEqual({
    von: 'Rue de Genève 12, 1003 Lausanne',
    nach: 'Yverdon-les-Bains',
    datum: day.split('-').reverse().join('.'),
    zeit: '23:42',
    an: 'false',
  });
  // The main button is a thumb's size on a phone.
  const button = await page.getByRole('button', { name: 'Voir mon dernier retour' }).boundingBox();
  expect(button?.height ?? 0).toBeGreaterThanOrEqual(44);
  if (!javaScriptEnabled) {
    // The choice is in the address of this page only.
    expect(new URL(page.url()).searchParams.get('retour')).toBe('Yverdon-les-Bains');
    return;
  }
  // Without the functional cookies, it holds for this page, and says so; the page's address is unchanged.
  expect(new URL(page.url()).search).toBe('');
  await expect(result).toContainText('Ce choix vaut pour cette page');
  await page.reload();
  await expect(page.getByTestId('last-trip-result')).not.toContainText('23:42');

  // Accepted, the locality is kept in this browser: the next visit shows the return at once. (The page is its own
  // first: a tap before would post the banner's form and come back, as without JavaScript.)
  await expect(page.getByRole('region', { name: 'Dernier retour' })).toHaveAttribute('data-enhanced', 'true');
  await page
    .getByRole('region', { name: 'Cookies et vie privée' })
    .getByRole('button', { name: 'Tout accepter' })
    .click();
  const again = await askFrom(page, 'Yverdon-les-Bains', true);
  await expect(again).toContainText('Retenu dans ce navigateur seulement.');
  await page.reload();
  await expect(page.getByTestId('last-trip-result')).toContainText('Dernier départ à 23:42');
  await expect(page.getByLabel('J’habite à')).toHaveValue('Yverdon-les-Bains');
});

test('les cookies fonctionnels acceptés une fois le retour affiché : le choix est retenu dès ce moment, et le dit @js-only', async ({
  page,
  createEvent,
}) => {
  await openConcert(page, createEvent);
  const result = await askFrom(page, 'Yverdon-les-Bains', true);
  await expect(result).toContainText('Ce choix vaut pour cette page');
  // Its « cookies fonctionnels » opens the preferences, as the footer's « Cookies » does.
  await result.getByRole('button', { name: 'cookies fonctionnels' }).click();
  const preferences = page.getByRole('dialog', { name: 'Préférences des cookies' });
  await expect(preferences).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preferences).toBeHidden();
  await page
    .getByRole('region', { name: 'Cookies et vie privée' })
    .getByRole('button', { name: 'Tout accepter' })
    .click();
  await expect(result).toContainText('Retenu dans ce navigateur seulement.');
  // A locality refused after it: the refusal alone, not « Retenu » (what is kept is the one before).
  await askFrom(page, 'Atlantis', true);
  await expect(result).toContainText('Localité inconnue');
  await expect(result).not.toContainText('Retenu dans ce navigateur');
  await expect(result).not.toContainText('Ce choix vaut pour cette page');
  await page.reload();
  await expect(page.getByTestId('last-trip-result')).toContainText('Dernier départ à 23:42');
  await expect(page.getByLabel('J’habite à')).toHaveValue('Yverdon-les-Bains');
});

test('l’horaire ne répond pas : une phrase en français et le lien CFF, pas d’erreur', async ({
  page,
  createEvent,
  javaScriptEnabled,
}) => {
  const event = await openConcert(page, createEvent);
  // The stand-in answers Lausanne → Yverdon-les-Bains only: for Sion, a 503, as the timetable down.
  const result = await askFrom(page, 'Sion', javaScriptEnabled);
  await expect(result).toContainText('L’horaire n’a pas pu être consulté.');
  const sbb = new URL(
    (await result.getByRole('link', { name: 'Horaire complet sur le site des CFF' }).getAttribute('href')) ?? '',
  );
  expect(sbb.searchParams.get('nach')).toBe('Sion');
  // The end and the walk to the stop: 22:40.
  expect(sbb.searchParams.get('zeit')).toBe('22:40');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
});

test('une localité hors de la liste est refusée en français, ce qui a été tapé reste', async ({
  page,
  createEvent,
  javaScriptEnabled,
}) => {
  await openConcert(page, createEvent);
  const result = await askFrom(page, 'Atlantis', javaScriptEnabled);
  await expect(result).toContainText(
    'Localité inconnue\u00a0: «\u00a0Atlantis\u00a0». Choisissez une localité de Suisse romande dans la liste.',
  );
  await expect(page.getByLabel('J’habite à')).toHaveValue('Atlantis');
});

test('une localité mal tapée : le champ propose celles qui en sont proches, sans JavaScript aussi', async ({
  page,
  createEvent,
  javaScriptEnabled,
}) => {
  await openConcert(page, createEvent);
  // Without JavaScript the page holds no list of localities before a locality is refused (11 KB less on every page).
  if (!javaScriptEnabled) await expect(page.locator('#last-trip-localities option')).toHaveCount(0);
  const result = await askFrom(page, 'Yverdo', javaScriptEnabled);
  await expect(result).toContainText('Localité inconnue\u00a0: «\u00a0Yverdo\u00a0».');
  await expect(page.getByLabel('J’habite à')).toHaveValue('Yverdo');
  await expect(page.locator('#last-trip-localities option[value="Yverdon-les-Bains"]')).toHaveCount(1);
  // And as links under the message: one of them asks for it.
  const offered = page.getByTestId('last-trip-alternatives');
  // The town first, then the villages that carry its name (the gazetteer's, issue 70).
  await expect(offered).toHaveText(/^Vouliez-vous dire Yverdon-les-Bains, .*Montagny-près-Yverdon.*\u00a0\?$/);
  await offered.getByRole('link', { name: 'Yverdon-les-Bains' }).click();
  await expect(page.getByTestId('last-trip-result')).not.toContainText('Localité inconnue');
  await expect(page.getByTestId('last-trip-result')).toContainText('Yverdon-les-Bains');
  await expect(page.getByLabel('J’habite à')).toHaveValue('Yverdon-les-Bains');
  // Come from an address that asked the misspelt one: once corrected, the address names the right one (a reload showed
  // the refusal again, an outside tester found).
  await page.goto(`${new URL(page.url()).pathname}?retour=Yverdo#dernier-retour`);
  if (javaScriptEnabled) await expect(page.locator('#dernier-retour[data-enhanced="true"]')).toBeAttached();
  await page.getByTestId('last-trip-alternatives').getByRole('link', { name: 'Yverdon-les-Bains' }).click();
  await expect(page.getByTestId('last-trip-result')).not.toContainText('Localité inconnue');
  await expect(page).toHaveURL(/[?&]retour=Yverdon-les-Bains/);
});
