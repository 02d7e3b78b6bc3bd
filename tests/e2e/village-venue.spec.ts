// A village on the map (issue 70) on a 390 px phone, with and without JavaScript: a new organizer, a choir of
// Villars-le-Terroir (1040), proposes its hall with its first event (with JavaScript it moves the pin; without, the
// locality gives the point); the admin approves it, then moves the venue's pin (with JavaScript) or chooses its locality
// (without); the event is found « Autour de Echallens » at 10 km, 3 km away: on the list, the map, the API and the feeds.
import type { Page } from '@playwright/test';
import { distanceKm } from '../../app/domain/distance';
import { findLocality } from '../../app/domain/localities';
import { expect, test } from './fixtures';
import { approveInModeration, confirmationId, inDays, unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

const ECHALLENS = findLocality('Echallens');
const VILLARS = findLocality('Villars-le-Terroir');

/** Drags the pin of the map `within` by `dx` pixels to the right, as a finger would; returns the new longitude sent. */
async function dragPin(page: Page, within: string, dx: number): Promise<number> {
  const lng = page.locator(`${within} input[name="lng"]`);
  const before = await lng.inputValue();
  const pin = page.locator(`${within} .leaflet-marker-icon`);
  await pin.scrollIntoViewIfNeeded();
  const box = await pin.boundingBox();
  if (!box) throw new Error('pas de repère sur la carte');
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
  await expect(lng).not.toHaveValue(before);
  return Number(await lng.inputValue());
}

test('un chœur de Villars-le-Terroir propose son lieu ; approuvé, il est « Autour de Echallens » à 10 km partout @journey @journey-nojs', async ({
  page,
  people,
  ports,
  request,
  removeAfter,
  javaScriptEnabled,
}) => {
  // Three people in turn (the choir, the admin, a visitor) and every way out (list, map, API, feeds): a long walk.
  test.slow();
  const js = Boolean(javaScriptEnabled);
  const word = unique('Choeur').split(' ')[1];
  const title = `Chœur ${word} de Villars-le-Terroir`;
  const hall = `Grande salle ${word}`;

  // The organizer, new, proposes the hall with its first concert.
  await people.signIn();
  await page.goto('/organizer/submit-event');
  await page.getByLabel('Titre', { exact: true }).fill(title);
  await page.getByLabel('Catégorie', { exact: true }).selectOption('musique');
  await page
    .getByLabel('Description', { exact: true })
    .fill('Le concert de l’Avent du chœur du village, avec des chants de Noël et un vin chaud.');
  await page.getByLabel('Date de début', { exact: true }).fill(inDays(12));
  await page.getByLabel('Heure de début', { exact: true }).fill('20:00');
  await page.getByLabel('Entrée gratuite').check();
  await page.getByLabel('Lieu', { exact: true }).fill(hall);
  // Before a town is known, the form says there is no point yet and what it means (with JavaScript; the town's hint
  // says it without).
  if (js) await expect(page.getByTestId('place-without-point')).toContainText('n’apparaît ni sur la carte');
  await page.getByLabel('Localité', { exact: true }).fill('Villars-le-Terroir');
  if (js) {
    // The town fills its postcode and canton, and shows its point: the pin is moved 40 px east (about 400 m).
    await expect(page.getByLabel('NPA', { exact: true })).toHaveValue('1040');
    await expect(page.getByLabel('Canton', { exact: true })).toHaveValue('VD');
    await expect(page.getByTestId('pin-map')).toBeVisible();
    await expect(page.getByTestId('place-without-point')).toHaveCount(0);
    await page.getByTestId('pin-map').screenshot({ path: test.info().outputPath('formulaire-repere.png') });
    const lng = await dragPin(page, 'form', 40);
    expect(lng).toBeGreaterThan(VILLARS?.lng ?? 99);
  } else {
    await page.getByLabel('NPA', { exact: true }).fill('1040');
    await page.getByLabel('Canton', { exact: true }).selectOption('VD');
  }
  await page.getByLabel('Organisateur', { exact: true }).fill(`Chœur mixte ${word}`);
  await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
  const id = confirmationId(page);
  removeAfter.event(id);

  const event = await ports.store.events.findById(id);
  const venueId = event?.venueId ?? '';
  const proposed = await ports.store.venues.findById(venueId);
  expect(proposed).toMatchObject({ name: hall, locality: 'Villars-le-Terroir', postalCode: '1040', status: 'pending' });
  // A point from the start: the pin's, or (without JavaScript) the village's.
  expect(
    distanceKm({ lat: Number(proposed?.lat), lng: Number(proposed?.lng) }, VILLARS ?? { lat: 0, lng: 0 }),
  ).toBeLessThan(1);

  // The admin approves the event, and with it the hall; then sets its point on the hall's page.
  const admin = await people.pageAs(await people.createUser({ role: 'admin' }), {
    javaScriptEnabled: js,
    viewport: { width: 390, height: 844 },
  });
  await approveInModeration(admin, id);
  expect((await ports.store.venues.findById(venueId))?.status).toBe('approved');
  await admin.goto(`/admin/lieux/${venueId}`);
  await expect(admin.getByTestId('venue-without-point')).toHaveCount(0);
  const point = admin.getByTestId('venue-point');
  await expect(point.getByTestId('venue-point-now')).toContainText('Point actuel');
  if (js) {
    await expect(point.getByTestId('pin-map')).toBeVisible();
    await dragPin(admin, '[data-testid="venue-point"]', -40);
  } else await point.getByLabel('Placer le point sur une localité').fill('Villars-le-Terroir');
  await point.screenshot({ path: test.info().outputPath('admin-point.png') });
  await admin.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(admin.getByTestId('flash')).toContainText('est enregistrée');
  const placed = await ports.store.venues.findById(venueId);
  const at = { lat: Number(placed?.lat), lng: Number(placed?.lng) };
  expect(distanceKm(at, VILLARS ?? { lat: 0, lng: 0 })).toBeLessThan(1);
  // The event follows its venue's point.
  expect(await ports.store.events.findById(id)).toMatchObject(at);

  // A visitor: « Autour de Echallens », 10 km, on the list (with its distance), the map, the API and the feeds.
  const around = `q=${word}&autour=Echallens&rayon=10`;
  await expect(async () => {
    await page.goto(`/evenements?${around}`);
    await expect(page.locator('.event-card__title')).toHaveText([title], { timeout: 1_000 });
  }).toPass({ intervals: [500, 1_000, 2_000], timeout: 30_000 });
  const km = Math.round(distanceKm(at, ECHALLENS ?? { lat: 0, lng: 0 }));
  await expect(page.locator('.event-card__where')).toHaveText(new RegExp(` · à ${km}\u00a0km$`));
  await page.screenshot({ path: test.info().outputPath('liste-autour-de-echallens.png') });
  await page.goto(`/evenements?${around}&vue=carte`);
  await expect(page.locator('.map-note')).toHaveText('1 événement localisé.');
  const points = await (await request.get(`/carte.json?${around}`)).json();
  expect(points.map((p: { title: string }) => p.title)).toEqual([title]);
  const api = await (await request.get(`/api/v1/events?${around}`)).json();
  expect(api.data.map((e: { id: string }) => e.id)).toEqual([id]);
  const ics = await (await request.get(`/evenements.ics?${around}`)).text();
  expect(ics).toContain(`UID:${id}@agenda-romand.ch`);
  expect(ics).toMatch(/GEO:46\.6\d*;6\.6\d*/);
  const rss = await (await request.get(`/evenements.rss?${around}`)).text();
  expect(rss).toContain(`/evenement/${id}`);
  // Farther than 10 km: not around Lausanne.
  const lausanne = await (await request.get(`/api/v1/events?q=${word}&autour=Lausanne&rayon=10`)).json();
  expect(lausanne.data).toEqual([]);
});
