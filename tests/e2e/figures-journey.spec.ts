// Issue 74's organizer figures (decision 171), as visitors make them: 40 page views, 3 « Ajouter au calendrier » and
// 2 favourites of one event, and the organizer's own visits, then the « Chiffres » page read by the organizer: 40,
// and « moins de 5 » for the other two, without a column; the organizer's visits not counted. The browser's own
// beacons are captured on real page loads (two visitors, and the organizer), then sent again as they are, with their
// headers and body, in parallel for the other visits: a browser per visit would cost 40 page loads for the same
// requests. The end-to-end server allows more than 60 signals a minute per address (RATE_LIMIT_SIGNALS_PER_MINUTE): the
// 40 visitors here all come from the machine's one address, with the tests that run beside this one.
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { unique } from './utils';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
/** What a browser's beacon says of itself and of its page: sent again as it is. */
const KEPT_HEADERS = [
  'content-type',
  'origin',
  'referer',
  'user-agent',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
];

interface Beacon {
  url: string;
  headers: Record<string, string>;
  body: string;
}

async function captured(request: Request, cookie?: string): Promise<Beacon> {
  const all = await request.allHeaders();
  const headers = Object.fromEntries(KEPT_HEADERS.filter((h) => all[h]).map((h) => [h, all[h]]));
  return { url: request.url(), headers: cookie ? { ...headers, cookie } : headers, body: request.postData() ?? '' };
}

/** Sends a beacon as the browser did. Its status. */
async function send(api: APIRequestContext, beacon: Beacon): Promise<number> {
  return (await api.post(beacon.url, { headers: beacon.headers, data: beacon.body })).status();
}

/** The page view a page load sends, checked answered. */
async function pageView(page: Page, path: string, load: () => Promise<unknown>) {
  // This page's: a busy browser may report an earlier page's beacon late.
  const sent = page.waitForRequest(
    (r) =>
      r.url().endsWith('/analytics/pageview') &&
      r.method() === 'POST' &&
      (JSON.parse(r.postData() ?? '{}') as { path?: string }).path === path,
  );
  await load();
  const request = await sent;
  expect(JSON.parse(request.postData() ?? '{}')).toEqual({ path, title: await page.title(), analytics: true });
  const answer = await request.response();
  const cookie = (await page.context().cookies())
    .filter((c) => c.name === '__session')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  expect(answer?.status()).toBe(204);
  return captured(request, cookie || undefined);
}

const accept = (page: Page) =>
  page.getByRole('region', { name: 'Cookies et vie privée' }).getByRole('button', { name: 'Tout accepter' }).click();

test.use({ userAgent: CHROME });

test('40 visites, 3 « Ajouter au calendrier », 2 favoris : le tableau de bord dit 40 et « moins de 5 », sans les visites de l’organisateur @js-only @journey', async ({
  page,
  browser,
  playwright,
  baseURL,
  people,
  createEvent,
}) => {
  test.setTimeout(120_000);
  const organizer = await people.createUser();
  const event = await createEvent({ title: unique('Concert des Vendanges'), createdBy: organizer.uid });
  const path = `/evenement/${event.id}`;
  const api = await playwright.request.newContext({ baseURL });

  // The organizer, audience measurement accepted, looks at the page three times: the beacons go, none is counted.
  const own = await people.pageAs(organizer, { userAgent: CHROME });
  await own.goto('/about');
  await accept(own);
  const organizerView = await pageView(own, path, () => own.goto(path));
  await pageView(own, path, () => own.reload());
  await pageView(own, path, () => own.reload());

  // A visitor accepts on the event's page (its page view), adds it to a calendar, keeps it.
  const view = await pageView(page, path, async () => {
    await page.goto(path);
    await accept(page);
  });
  const click = page.waitForRequest((r) => r.url().includes('/analytics/clic?') && r.method() === 'POST');
  await page.getByRole('link', { name: 'Fichier .ics (Apple, Outlook…)' }).click();
  const calendar = await captured(await click);
  expect(new URL(calendar.url).searchParams.get('quoi')).toBe('calendar');
  const heart = page.getByRole('region', { name: 'Mes favoris' }).getByTestId('favourite');
  await heart.click();
  await expect(heart).toHaveText(/Gardé/);

  // A second visitor, in a browser of their own, keeps it too.
  const other = await browser.newPage({ userAgent: CHROME });
  await pageView(other, path, async () => {
    await other.goto(path);
    await accept(other);
  });
  const otherHeart = other.getByRole('region', { name: 'Mes favoris' }).getByTestId('favourite');
  await otherHeart.click();
  await expect(otherHeart).toHaveText(/Gardé/);
  await other.close();

  // The other 38 visits and 2 calendar adds, the same requests sent again, all at once.
  const statuses = await Promise.all([
    ...Array.from({ length: 38 }, () => send(api, view)),
    ...Array.from({ length: 2 }, () => send(api, calendar)),
  ]);
  expect(new Set(statuses)).toEqual(new Set([204]));
  // The organizer's beacon sent again is still theirs: answered, not counted.
  expect(await send(api, organizerView)).toBe(204);
  await api.dispose();

  // The organizer reads the figures from the dashboard's link.
  await own.goto('/dashboard');
  await own
    .getByTestId(`event-${event.id}`)
    .getByRole('link', { name: /Chiffres/ })
    .click();
  await expect(own).toHaveURL(`${path}/chiffres`);
  await expect(own.getByTestId('figures-view-total')).toHaveText('40');
  await expect(own.getByTestId('figures-calendar-total')).toHaveText('moins de 5');
  await expect(own.getByTestId('figures-favorite-total')).toHaveText('moins de 5');
  // This week: 40 has its column; below 5, the week has none and its text says « moins de 5 », never 2 or 3.
  await expect(own.getByTestId('figures-view').locator('rect')).toHaveCount(1);
  await expect(own.getByTestId('figures-view').locator('td')).toHaveText(['40']);
  for (const kind of ['calendar', 'favorite']) {
    await expect(own.getByTestId(`figures-${kind}`).locator('rect')).toHaveCount(0);
    await expect(own.getByTestId(`figures-${kind}`).locator('td')).toHaveText(['moins de 5']);
  }
  // Nothing else was counted (no directions, tickets, alerts).
  await expect(own.locator('[data-testid$="-total"]')).toHaveCount(3);
});
