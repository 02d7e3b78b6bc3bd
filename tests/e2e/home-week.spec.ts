// « Vos favoris cette semaine » on the home page (issue 74, decision 173), at 390 px with JavaScript: the page is the
// cached one everybody gets (its HTML says nothing of them); the browser that keeps a favourite of this week sees it
// filled in, one that keeps none asks nothing and sees nothing.
import { expect, test } from './fixtures';
import { unique } from './utils';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });
const DAY = 24 * 60 * 60 * 1000;

test('l’accueil gardé, rempli par le navigateur qui a un favori cette semaine ; rien pour les autres @js-only', async ({
  page,
  browser,
  baseURL,
  createEvent,
}) => {
  // From eight days ago to eight days on: of this week, whatever day the test runs.
  const now = Date.now();
  const event = await createEvent({
    title: unique('Exposition de la semaine'),
    startsAt: new Date(now - 8 * DAY).toISOString(),
    endsAt: new Date(now + 8 * DAY).toISOString(),
  });
  await page.context().addCookies([{ name: 'favoris', value: event.id, url: baseURL as string }]);
  const response = await page.goto('/');
  // The page everybody gets: public, kept; nothing of the favourites in it (the event itself may be in « Ce week-end »).
  expect(response?.headers()['cache-control']).toMatch(/^public/);
  expect(await response?.text()).not.toContain('Vos favoris cette semaine');
  await expect(page.getByTestId('week-favourites')).toContainText(event.title);
  await expect(page.getByRole('heading', { name: 'Vos favoris cette semaine' })).toBeVisible();

  const other = await browser.newContext({ viewport: phone });
  const stranger = await other.newPage();
  const asked: string[] = [];
  stranger.on('request', (request) => {
    if (request.url().includes('/favoris/semaine')) asked.push(request.url());
  });
  await stranger.goto('/');
  await expect(stranger.getByRole('heading', { name: 'À ne pas manquer' })).toBeVisible();
  await stranger.waitForLoadState('networkidle');
  await expect(stranger.getByTestId('week-favourites')).toHaveCount(0);
  expect(asked).toEqual([]);
  await other.close();
});
