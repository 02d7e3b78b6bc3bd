// « Pendant les vacances scolaires » (issue 51) on a 390 px phone, with and without JavaScript: Vaud's next autumn
// holidays as the site stores them (seeded from the data file), their first week (and the days before) asked through the
// filters: only the events inside the holidays are listed, each marked « Vacances (VD) »; the API answers the same. Dates from the store and the
// test clock, never the machine's.
import type { Page } from '@playwright/test';
import { addDaysToDate, zurichIso, zurichToday } from '../../app/domain/dates';
import type { SchoolHoliday } from '../../app/domain/school-holidays';
import { expect, type Ports, test } from './fixtures';
import { unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

/** Vaud's next autumn holidays the store has (the data file's), or one made a month ahead (removed after the test). */
async function nextVaudAutumn({ store }: Ports): Promise<{ period: SchoolHoliday; made: boolean }> {
  const today = zurichToday(new Date());
  const stored = (await store.holidays.list()).find(
    (h) => h.canton === 'VD' && h.label.includes('automne') && h.firstDay > addDaysToDate(today, 1),
  );
  if (stored) return { period: stored, made: false };
  const firstDay = addDaysToDate(today, 30);
  const period = await store.holidays.create({
    canton: 'VD',
    label: 'Vacances d’automne',
    firstDay,
    lastDay: addDaysToDate(firstDay, 15),
    sourceUrl: 'https://www.vd.ch/',
    confirmed: false,
  });
  return { period, made: true };
}

async function openFilters(page: Page, javaScriptEnabled: boolean) {
  const bar = page.getByTestId('filter-bar');
  if (javaScriptEnabled) await bar.getByRole('button', { name: /Filtres/ }).click();
  else await bar.getByRole('link', { name: /Filtres/ }).click();
}

test.describe('pendant les vacances scolaires, sur un téléphone', () => {
  test('Vaud, première semaine des vacances d’automne : seulement les événements dedans, marqués « Vacances (VD) » @journey @journey-nojs', async ({
    page,
    ports,
    createEvent,
    request,
    javaScriptEnabled,
  }) => {
    const { period, made } = await nextVaudAutumn(ports);
    try {
      const word = unique('Bricolage').split(' ')[1];
      const on = (day: string, title: string) =>
        createEvent({
          title: `Bricolage ${word} ${title}`,
          canton: 'VD',
          city: 'Lausanne',
          postalCode: '1003',
          startsAt: new Date(zurichIso(day, '14:00')).toISOString(),
          endsAt: new Date(zurichIso(day, '16:00')).toISOString(),
        });
      // From the Thursday before to the end of the first week: the day before is in the dates, not in the holidays.
      const from = addDaysToDate(period.firstDay, -2);
      const weekEnd = addDaysToDate(period.firstDay, 6);
      await on(addDaysToDate(period.firstDay, -1), 'la veille');
      await on(period.firstDay, 'le premier jour');
      await on(addDaysToDate(period.firstDay, 3), 'en semaine');
      await on(addDaysToDate(period.firstDay, 7), 'la deuxième semaine');
      await on(addDaysToDate(period.lastDay, 1), 'après la rentrée');
      const inside = [`Bricolage ${word} le premier jour`, `Bricolage ${word} en semaine`];

      await expect(async () => {
        await page.goto(`/evenements?q=${word}`);
        await expect(page.locator('.event-card')).toHaveCount(5, { timeout: 1_000 });
      }).toPass({ intervals: [500, 1_000, 2_000], timeout: 30_000 });
      await openFilters(page, Boolean(javaScriptEnabled));
      const form = page.getByRole('search', { name: 'Filtrer les événements' });
      await form.getByLabel('Pendant les vacances scolaires').selectOption('VD');
      await form.getByLabel('Du', { exact: true }).fill(from);
      await form.getByLabel('Au', { exact: true }).fill(weekEnd);
      if (javaScriptEnabled) {
        await expect(page).toHaveURL(new RegExp(`au=${weekEnd}`));
        await form.getByTestId('filters-submit').click();
      } else await form.getByRole('button', { name: 'Filtrer' }).click();
      await expect(page).toHaveURL(/vacances=VD/);

      await expect(page.locator('.event-card__title')).toHaveText(inside);
      await expect(page.locator('.event-card').first().getByText('Vacances (VD)', { exact: true })).toBeVisible();
      await expect(page.getByTestId('filter-bar').getByRole('link', { name: 'Vacances scolaires (VD)' })).toBeVisible();
      // Their dates are said above the list, this period among them (a parent plans with them; the chip has none).
      await expect(page.getByTestId('holiday-dates')).toContainText('Vacances scolaires (VD)\u00a0:');
      await expect(page.getByTestId('holiday-dates').getByRole('listitem').first()).toBeVisible();
      await expect(page.getByTestId('holiday-dates')).toContainText(`${period.label} du `);

      // The API and the RSS feed with the same parameters.
      const query = `q=${word}&vacances=VD&du=${from}&au=${weekEnd}`;
      const api = await request.get(`/api/v1/events?${query}`);
      expect((await api.json()).data.map((e: { title: string }) => e.title)).toEqual(inside);
      const rss = await (await request.get(`/evenements.rss?${query}`)).text();
      expect(rss).toContain(inside[0]);
      expect(rss).not.toContain(`Bricolage ${word} la veille`);
    } finally {
      if (made) await ports.store.holidays.delete(period.id);
    }
  });
});
