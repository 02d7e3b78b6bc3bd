// « Près de chez moi » (issue 47) on a 390 px phone, with and without JavaScript: « autour de Morges, 10 km » gives only
// the events within 10 km, in date order, each with its distance, on the list, the map and the API; « Ma position »
// with a granted geolocation (JavaScript only); a locality the list does not know gets a French message.
import type { Locator, Page } from '@playwright/test';
import { describeNearAlert } from '../../app/domain/distance';
import type { AgendaEvent } from '../../app/domain/event';
import { expect, test } from './fixtures';
import { unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

const DAY = 86_400_000;

/** Events of one test, found by a word no other event has, at known distances from Morges, dated out of that order. */
async function seedAroundMorges(createEvent: (o: Partial<AgendaEvent>) => Promise<AgendaEvent>) {
  const word = unique('Kermesse').split(' ')[1];
  const places: [string, number | null, number | null, number][] = [
    ['Genève', 46.20222, 6.14569, 1], // 44 km
    ['Lausanne', 46.516, 6.63282, 2], // 10.7 km: just outside
    ['Aubonne', 46.49514, 6.39155, 3], // 8.4 km
    ['Nulle part', null, null, 4], // no coordinates: never around anything
    ['Préverenges', 46.51854, 6.52682, 5], // 2.6 km
    ['Saint-Prex', 46.47963, 6.45992, 6], // 4.6 km
  ];
  const start = Date.now() + 3 * DAY;
  for (const [city, lat, lng, day] of places) {
    await createEvent({
      title: `Kermesse ${word} à ${city}`,
      city,
      lat,
      lng,
      startsAt: new Date(start + day * DAY).toISOString(),
      endsAt: new Date(start + day * DAY + 2 * 3_600_000).toISOString(),
    });
  }
  return { word, inside: ['Aubonne', 'Préverenges', 'Saint-Prex'].map((city) => `Kermesse ${word} à ${city}`) };
}

/**
 * Opens the list of the test's six events once the server lists them all: on Firestore its copy of the events follows
 * the writes of this test by a listener, a moment later.
 */
async function openListOf(page: Page, word: string) {
  await expect(async () => {
    await page.goto(`/evenements?q=${word}`);
    await expect(page.locator('.event-card')).toHaveCount(6, { timeout: 1_000 });
  }).toPass({ intervals: [500, 1_000, 2_000], timeout: 30_000 });
}

/** Opens the filters: the sheet with JavaScript, the section after the results without. */
async function openFilters(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    await page
      .getByTestId('filter-bar')
      .getByRole('button', { name: /Filtres/ })
      .click();
  else
    await page
      .getByTestId('filter-bar')
      .getByRole('link', { name: /Filtres/ })
      .click();
}

test.describe('autour d’un lieu, sur un téléphone', () => {
  test('« autour de Morges, 10 km » : seulement ce qui est à moins de 10 km, par date, sur la liste, la carte et l’API @journey @journey-nojs', async ({
    page,
    createEvent,
    request,
    javaScriptEnabled,
  }) => {
    const { word, inside } = await seedAroundMorges(createEvent);
    await openListOf(page, word);
    await openFilters(page, Boolean(javaScriptEnabled));
    const form = page.getByRole('search', { name: 'Filtrer les événements' });
    await form.getByLabel('Localité').fill('Morges');
    await form.getByLabel('Rayon').selectOption('10');
    if (javaScriptEnabled) {
      await expect(page).toHaveURL(/autour=Morges/);
      await form.getByTestId('filters-submit').click();
    } else await form.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/autour=Morges&rayon=10/);

    await expect(page.locator('.event-card__title')).toHaveText(inside);
    await expect(page.locator('.event-card__where')).toHaveText([
      / · à 8\u00a0km$/,
      / · à 3\u00a0km$/,
      / · à 5\u00a0km$/,
    ]);
    await expect(
      page.getByTestId('filter-bar').getByRole('link', { name: /Autour de Morges \(10\skm\)/ }),
    ).toBeVisible();

    // The map of the same selection: its three points, not the others.
    await page.getByRole('navigation', { name: 'Affichage' }).getByRole('link', { name: 'Carte' }).click();
    await expect(page).toHaveURL(/vue=carte/);
    await expect(page.locator('.map-note')).toHaveText('3 événements localisés.');
    const points = await (await request.get(`/carte.json?q=${word}&autour=Morges&rayon=10`)).json();
    expect(points.map((p: { title: string }) => p.title)).toEqual(inside);

    // The API with the same parameters, and a French refusal of what it cannot use.
    const api = await request.get(`/api/v1/events?q=${word}&autour=morges&rayon=10`);
    expect((await api.json()).data.map((e: { title: string }) => e.title)).toEqual(inside);
    const refused = await request.get('/api/v1/events?autour=Atlantis&rayon=10');
    expect(refused.status()).toBe(400);
    expect((await refused.json()).detail).toContain('Localité inconnue');
  });

  test('autour de Zürich, hors de la région : dit hors de Suisse romande, la ville romande la plus proche offerte (issue 70)', async ({
    page,
    createEvent,
    javaScriptEnabled,
  }) => {
    // Biel/Bienne is 17 km from Moutier, the region's nearest town to Zürich (90 km): within 25 km of it, not 10.
    const word = unique('Braderie').split(' ')[1];
    const start = Date.now() + 3 * DAY;
    await createEvent({
      title: `Braderie ${word} à Bienne`,
      city: 'Biel/Bienne',
      lat: 47.143,
      lng: 7.2512,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 2 * 3_600_000).toISOString(),
    });
    await page.goto(`/evenements?q=${word}`);
    await expect(page.locator('.event-card')).toHaveCount(1);
    await openFilters(page, Boolean(javaScriptEnabled));
    const form = page.getByRole('search', { name: 'Filtrer les événements' });
    await form.getByLabel('Localité').fill('Zürich');
    await form.getByTestId('filters-submit').click();
    await expect(page).toHaveURL(/autour=Z%C3%BCrich/);
    const empty = page.getByTestId('empty-state');
    await expect(empty.getByRole('heading')).toHaveText('Zürich est hors de Suisse romande');
    await expect(empty).toContainText('La ville romande la plus proche, Moutier, est à 90\u00a0km\u00a0:');
    await expect(empty.getByRole('listitem').first()).toHaveText('Autour de Moutier (25\u00a0km) (1 événement)');
    await empty.getByRole('link', { name: 'Autour de Moutier (25\u00a0km)' }).click();
    await expect(page.locator('.event-card__where')).toHaveText(/ · à 17\u00a0km$/);
  });

  test('une localité inconnue ou un rayon hors de la liste : un message en français, ce qui a été tapé gardé @nojs-only', async ({
    page,
  }) => {
    const answer = await page.goto('/evenements?autour=Atlantis&rayon=10');
    expect(answer?.status()).toBe(400);
    await expect(page.getByTestId('search-error')).toHaveText(
      'Localité inconnue\u00a0: «\u00a0Atlantis\u00a0». Choisissez une localité de Suisse romande dans la liste.',
    );
    await expect(page.getByLabel('Localité')).toHaveValue('Atlantis');
    await expect(page.locator('.event-card')).toHaveCount(0);
    // The list holds no list of localities (11 KB of every page); a locality mistyped gets those close to it.
    await page.goto('/evenements');
    await expect(page.locator('#filter-localities option')).toHaveCount(0);
    await page.goto('/evenements?autour=Morge&rayon=10');
    await expect(page.getByTestId('search-error')).toContainText('Localité inconnue\u00a0: «\u00a0Morge\u00a0».');
    await expect(page.locator('#filter-localities option[value="Morges"]')).toHaveCount(1);
    // A refused selection offers no feeds: they would be the whole list's.
    await expect(page.getByText('S’abonner à cette sélection')).toHaveCount(0);
    // A typo: the localities within reach, as links to the same list around each (a datalist would not show them
    // while the field holds the typo).
    await page.goto('/evenements?autour=Vevy&rayon=10');
    const offered = page.getByTestId('refusal-alternatives');
    await expect(offered).toHaveText('Vouliez-vous dire Vevey\u00a0?');
    await offered.getByRole('link', { name: 'Vevey' }).click();
    await expect(page).toHaveURL(/[?&]autour=Vevey(&|$)/);
    await expect(page).toHaveURL(/[?&]rayon=10(&|$)/);
    await expect(page.getByTestId('search-error')).toHaveCount(0);
    await page.goto('/evenements?autour=Morges&rayon=15');
    await expect(page.getByTestId('search-error')).toHaveText(
      'Rayon invalide\u00a0: choisissez 5, 10, 25 ou 50\u00a0km.',
    );
  });
});

test('« Autour de » lit les lieux comme on les écrit : un NPA, sans article, avec le canton, en allemand @nojs-only', async ({
  request,
}) => {
  // Issue 70: refused before the gazetteer, « Bienne » and « Biel » suggested Bière, 60 km away. Over HTTP, as a
  // visitor's link or a search engine asks: the page answers 200 around the place, as its title and alert say.
  const places: [string, string][] = [
    ['1040', 'Echallens'],
    ['Bienne', 'Biel/Bienne'],
    ['Biel', 'Biel/Bienne'],
    ['Chaux-de-Fonds', 'La Chaux-de-Fonds'],
    ['Nyon%20VD', 'Nyon'],
    ['Villars-le-Terroir', 'Villars-le-Terroir'],
  ];
  for (const [typed, place] of places) {
    const answer = await request.get(`/evenements?autour=${typed}&rayon=10`);
    expect(answer.status(), typed).toBe(200);
    const html = await answer.text();
    expect(html, typed).toContain(describeNearAlert({ place, lat: 0, lng: 0, radius: 10 }));
    expect(html, typed).not.toContain('Localité inconnue');
    expect(html, typed).not.toContain('Bière');
  }
  // A typo: the town it sounds like, first.
  const answer = await request.get('/evenements?autour=Lozane&rayon=10');
  expect(answer.status()).toBe(400);
  const offered = /data-testid="refusal-alternatives"[\s\S]*?<\/p>/.exec(await answer.text())?.[0] ?? '';
  expect([...offered.matchAll(/>([^<>]+)<\/a>/g)].map((m) => m[1])[0]).toBe('Lausanne');
});

/** The space between the bottom of `upper` and the top of `lower` on screen (negative: `lower` is under it). */
async function gapBetween(upper: Locator, lower: Locator): Promise<number> {
  const [a, b] = [await upper.boundingBox(), await lower.boundingBox()];
  return a && b ? b.y - (a.y + a.height) : Number.NaN;
}

test('sur un téléphone, une localité refusée : « Corriger la localité » rouvre les filtres sur le champ @js-only', async ({
  page,
}) => {
  // The filters are a sheet on a phone, closed as the form was sent: the message alone would leave the field hidden.
  await page.goto('/evenements?autour=Morge&rayon=10');
  await expect(page.getByTestId('search-error')).toContainText('Localité inconnue');
  const field = page.getByLabel('Localité');
  await expect(field).toBeHidden();
  await page.getByRole('link', { name: 'Corriger la localité' }).click();
  await expect(field).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Morge');
  // The whole list of localities comes with the focus: « Morges » is offered.
  await expect(page.locator('#filter-localities option[value="Morges"]')).toHaveCount(1);
});

test('sur un ordinateur, une localité refusée : le message suit la barre des filtres, sans espace vide entre eux @once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/evenements?category=musique&autour=Siere&rayon=10');
  // The filter column beside them is taller than the message: its height used to open 250 px between the two.
  expect(
    await gapBetween(page.locator('.filter-bar'), page.getByRole('navigation', { name: 'Affichage' })),
  ).toBeLessThan(40);
});

test('sans JavaScript, « Corriger la localité » mène au champ : « Autour de » et « Localité » se lisent sous la barre, sur un téléphone et un ordinateur @nojs-only', async ({
  page,
}) => {
  await page.goto('/evenements?category=musique&autour=Siere&rayon=10');
  await page.getByRole('link', { name: 'Corriger la localité' }).click();
  await expect(page).toHaveURL(/#filter-around$/);
  // The sticky header and filter bar (chips on a line of their own) stay over the page: the field's legend and label
  // come below them, not under.
  const legend = page.locator('legend', { hasText: 'Autour de' });
  expect(await gapBetween(page.locator('.filter-bar'), legend)).toBeGreaterThanOrEqual(0);
  // On a desktop, the field's legend and label come below the site's header, in the filter column.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/evenements?autour=Lozanne&rayon=10');
  await page.getByRole('link', { name: 'Corriger la localité' }).click();
  expect(await gapBetween(page.locator('.site-header'), legend)).toBeGreaterThanOrEqual(0);
});

test('sur un téléphone, une localité refusée après l’envoi des filtres : le message se lit sous les barres @js-only', async ({
  page,
}) => {
  await page.goto('/evenements');
  // The bar's button once the page is interactive (before, a link to the form: the sheet would not open).
  await openFilters(page, true);
  await page.getByLabel('Localité').fill('Morge');
  // The radius chosen, the list follows the form at once (refused); then the form is sent from the sheet.
  await page.getByLabel('Rayon').selectOption('10');
  const message = page.getByTestId('search-error');
  await expect(message).toContainText('Localité inconnue\u00a0: «\u00a0Morge\u00a0».');
  // The sheet's button has no count to show while a field is refused (it read « Aucun événement »).
  await expect(page.getByTestId('filters-submit')).toHaveText('Filtrer');
  await page.getByTestId('filters-submit').click();
  await expect(page.getByLabel('Localité')).toBeHidden();
  // Sent, the page went to the results: the message above them is brought back below the sticky header and bar.
  await expect.poll(() => gapBetween(page.locator('.filter-bar'), message)).toBeGreaterThanOrEqual(0);
});

test('dès l’accueil, « Près de » une localité ou un NPA : la liste autour, 10 km @nojs-only', async ({ page }) => {
  await page.goto('/');
  const near = page.getByRole('form', { name: 'Près de chez moi' });
  await near.getByLabel('Près de').fill('1040');
  await near.getByRole('button', { name: 'Voir autour' }).click();
  await expect(page).toHaveURL(/\/evenements\?autour=1040&rayon=10$/);
  await expect(page.getByLabel('Localité')).toHaveValue('Echallens');
  await expect(page.getByTestId('search-error')).toHaveCount(0);
});

test.describe('« Ma position », position accordée @js-only', () => {
  // Morges' station: 46.5106, 6.4987 — in the URL as 46.51 and 6.50, no more precise.
  test.use({ geolocation: { latitude: 46.5106, longitude: 6.4987 }, permissions: ['geolocation'] });

  test('un toucher sur « Ma position » : les événements autour, la position arrondie dans l’adresse seulement', async ({
    page,
    createEvent,
  }) => {
    const { word, inside } = await seedAroundMorges(createEvent);
    await openListOf(page, word);
    await openFilters(page, true);
    const form = page.getByRole('search', { name: 'Filtrer les événements' });
    await form.getByLabel('Rayon').selectOption('10');
    // A locality typed before: the position replaces it (a locality in the URL wins over a position, issue 70).
    await form.getByLabel('Localité').fill('Sion');
    await form.getByRole('button', { name: 'Ma position' }).click();
    await expect(page).toHaveURL(/lat=46\.51&lon=6\.50/);
    await expect(page).not.toHaveURL(/autour=Sion/);
    await expect(form.getByLabel('Localité')).toHaveValue('');
    await expect(page.locator('.event-card__title')).toHaveText(inside);
    await expect(page.getByText('Autour de votre position (à environ')).toBeVisible();
    // An alert never keeps a position: the block to subscribe is not offered around one.
    await expect(page.getByTestId('alert-subscribe')).toHaveCount(0);
  });

  test('dès l’accueil, « Près de moi » : la liste autour de la position, quoi qu’on ait tapé (issue 70)', async ({
    page,
  }) => {
    await page.goto('/');
    const near = page.getByRole('form', { name: 'Près de chez moi' });
    await near.getByLabel('Près de').fill('Sion');
    await near.getByRole('button', { name: 'Près de moi' }).click();
    await expect(page).toHaveURL(/\/evenements\?lat=46\.51&lon=6\.50&rayon=10$/);
    await expect(page.getByText('Autour de votre position (à environ')).toBeAttached();
  });
});

test('« concert echallens » tapé dans « Près de », dès l’accueil : les concerts autour d’Echallens, comme la recherche le lit (issue 70)', async ({
  page,
}) => {
  await page.goto('/');
  const near = page.getByRole('form', { name: 'Près de chez moi' });
  await near.getByLabel('Près de').fill('concert echallens');
  await near.getByRole('button', { name: 'Voir autour' }).click();
  await expect(page).toHaveURL(/\/evenements\?q=concert&autour=Echallens&rayon=10$/);
  await expect(page.getByLabel('Localité')).toHaveValue('Echallens');
  await expect(page.getByText(/Localité inconnue/)).toHaveCount(0);
});
