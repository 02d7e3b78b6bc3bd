// Issue 70, decision 161: a town typed in the search box is the events around it, on a 390 px phone, with and without
// JavaScript; the page says so and offers the text search instead.
import { expect, test } from './fixtures';
import { unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

const DAY = 86_400_000;

test('« Echallens » tapé dans la recherche : les événements autour d’Echallens, puis le texte si on le demande @journey @journey-nojs', async ({
  page,
  createEvent,
}) => {
  const word = unique('Chorale').split(' ')[1];
  const start = Date.now() + 3 * DAY;
  const at = (day: number) => ({
    startsAt: new Date(start + day * DAY).toISOString(),
    endsAt: new Date(start + day * DAY + 2 * 3_600_000).toISOString(),
  });
  // 1.5 km from Echallens, with no « Echallens » in its words; and one in Geneva that only names it.
  const choir = `Chorale ${word} au village`;
  const fair = `Brocante ${word}, car depuis Echallens`;
  await createEvent({ title: choir, city: 'Villars-le-Terroir', lat: 46.6539, lng: 6.6405, ...at(1) });
  await createEvent({ title: fair, city: 'Genève', lat: 46.20222, lng: 6.14569, ...at(2) });
  // On Firestore the server's copy follows the writes a moment later.
  await expect(async () => {
    await page.goto(`/evenements?q=${word}`);
    await expect(page.locator('.event-card')).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ intervals: [500, 1_000, 2_000], timeout: 30_000 });

  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Rechercher un événement' }).first().fill('Echallens');
  await page.getByRole('button', { name: 'Rechercher' }).first().click();
  await expect(page).toHaveURL(/autour=Echallens/);
  await expect(page.getByRole('heading', { name: 'Événements autour d’Echallens' })).toBeVisible();
  await expect(page.getByRole('link', { name: choir })).toBeVisible();
  await expect(page.getByRole('link', { name: fair })).toHaveCount(0);

  await page.getByRole('link', { name: 'Chercher plutôt le texte « Echallens »' }).click();
  await expect(page).toHaveURL(/q=Echallens&mot=1/);
  await expect(page.getByRole('link', { name: fair })).toBeVisible();
  await expect(page.getByRole('link', { name: choir })).toHaveCount(0);
  await expect(page.getByTestId('place-reading')).toHaveCount(0);
});

test('« Echalens » mal écrit, « chorale echallens » : Echallens proposé, puis la chorale autour d’Echallens (issue 70) @journey @journey-nojs', async ({
  page,
  createEvent,
}) => {
  const word = unique('Chorale').split(' ')[1];
  const start = Date.now() + 3 * DAY;
  const choir = `Chorale ${word} des Trois-Villages`;
  // 1.5 km from Echallens; no « Echallens » in its words.
  await createEvent({
    title: choir,
    city: 'Villars-le-Terroir',
    lat: 46.6539,
    lng: 6.6405,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 2 * 3_600_000).toISOString(),
  });
  await expect(async () => {
    await page.goto(`/evenements?q=${word}`);
    await expect(page.locator('.event-card')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ intervals: [500, 1_000, 2_000], timeout: 30_000 });

  // A word and a village: the word around the village, said so.
  await page.goto(`/evenements?q=${encodeURIComponent(`${word} echallens`)}`);
  await expect(page).toHaveURL(/autour=Echallens/);
  await expect(page.getByRole('heading', { name: `Événements « ${word} » autour d’Echallens` })).toBeVisible();
  await expect(page.getByRole('link', { name: choir })).toBeVisible();

  // A misspelt village: « Vouliez-vous dire Echallens ? », the list around it.
  await page.goto('/evenements?q=Echalens');
  const suggestion = page.getByTestId('search-suggestion');
  await expect(suggestion).toContainText('Vouliez-vous dire Echallens');
  await suggestion.getByRole('link', { name: 'Echallens' }).click();
  await expect(page.getByRole('heading', { name: 'Événements autour d’Echallens' })).toBeVisible();
  await expect(page.getByRole('link', { name: choir })).toBeVisible();

  // A name of several villages: each to choose, Villars-le-Terroir among them, not one picked far away.
  await page.goto('/evenements?autour=Villars');
  await expect(page.getByTestId('search-error')).toContainText('« Villars » peut être plusieurs localités');
  await page.getByTestId('refusal-alternatives').getByRole('link', { name: 'Villars-le-Terroir' }).click();
  await expect(page.getByRole('link', { name: choir })).toBeVisible();
});
