// Recurring events (issue 20, decision 041), with and without JavaScript: an organizer describes a weekly series with
// one excluded date; once approved, « ce week-end » lists the right date, the event page its next dates, the .ics
// reads back (node-ical) as the same dates; cancelling one date marks that date only.
import ical, { type VEvent } from 'node-ical';
import { expandSchedule } from '../../app/.server/schedule/schedule-expand';
import { addDaysToDate, zurichToday } from '../../app/domain/dates';
import { formatEventWhen } from '../../app/domain/event-dates';
import { dateWindow } from '../../app/domain/event-filters';
import { weekdayOf } from '../../app/domain/schedule';
import { expect, test } from './fixtures';
import { fillEvent } from './utils';

const swiss = (ymd: string) => ymd.split('-').reverse().join('.');

test('une série hebdomadaire avec une date exclue : liste, page, .ics, puis une date annulée @journey', async ({
  page,
  browser,
  ports,
  createUser,
  loginAs,
  removeAfter,
}, testInfo) => {
  const js = testInfo.project.name === 'js';
  const first = addDaysToDate(zurichToday(), 1);
  let secondSaturday = first;
  while (weekdayOf(secondSaturday) !== 'SA') secondSaturday = addDaysToDate(secondSaturday, 1);
  secondSaturday = addDaysToDate(secondSaturday, 7);

  const organizer = await createUser({ displayName: 'Marché du Bourg' });
  await loginAs(page, organizer);
  const title = `Marché du Bourg ${Date.now().toString(36)}`;
  await page.goto('/organizer/submit-event');
  await fillEvent(page, title, { startDate: first });
  await page.getByLabel('Heure de début', { exact: true }).fill('08:00');
  await page.getByLabel('Heure de fin', { exact: true }).fill('12:00');
  await page.getByLabel('Une date qui se répète').check();
  await page.getByRole('checkbox', { name: 'samedi', exact: true }).check();
  await page.getByLabel('ou nombre de fois').fill('6');
  await page.getByLabel('Sauf les dates').fill(swiss(secondSaturday));
  await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  removeAfter.event(id);

  // Moderated once, the whole series.
  const submitted = await ports.store.events.findById(id);
  expect(submitted?.schedule).toMatchObject({ kind: 'rule', byDay: ['SA'], count: 6, exclude: [secondSaturday] });
  const schedule = submitted?.schedule;
  if (!submitted || !schedule) throw new Error('série non enregistrée');
  const now = new Date().toISOString();
  await ports.store.events.transition({
    seen: submitted.updatedAt,
    next: { ...submitted, status: 'approved', moderatedAt: now, updatedAt: now },
  });
  const dates = expandSchedule(schedule);
  expect(dates).toHaveLength(5);

  // « Ce week-end »: the series once (decision 065), at its date of this weekend (none on a Sunday, it starts Monday).
  const visitor = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
  const window = dateWindow({ when: 'week-end', from: '', to: '' });
  const inWindow = dates.filter(
    (d) => window && Date.parse(d.startsAt) < window.end.getTime() && Date.parse(d.endsAt) > window.start.getTime(),
  );
  const cards = visitor.locator('.event-card').filter({ hasText: title });
  // Approved behind the server's back: on Firestore its listener brings the change a moment later.
  await expect(async () => {
    await visitor.goto(`/evenements?quand=week-end&q=${encodeURIComponent(title)}&essai=${Date.now()}`);
    await expect(cards).toHaveCount(Math.min(inWindow.length, 1), { timeout: 1_000 });
  }).toPass();
  if (inWindow.length > 0) {
    await expect(cards.locator('time')).toHaveAttribute('datetime', inWindow[0].startsAt);
    await expect(cards).toContainText('Chaque samedi · 08:00');
  }

  // The event page: its next dates, in order, the excluded one missing.
  await visitor.goto(`/evenement/${id}`);
  const next = visitor.getByTestId('next-dates').getByTestId('series-date');
  // Each date as it is written (a date in the canton's school holidays adds « Vacances (XX) » after it, issue 51).
  await expect(next).toHaveText(
    dates.map(
      (d) => new RegExp(`^${escapeRegExp(formatEventWhen({ ...d, allDay: false }))}( Vacances \\([A-Z]{2}\\))?$`),
    ),
  );
  // Above them, the rule in words.
  await expect(visitor.getByTestId('series-rule')).toHaveText(
    new RegExp(
      `^Chaque samedi, 08:00–12:00, 6 fois à partir du .+, sauf le ${Number(secondSaturday.slice(8)) === 1 ? '1er' : Number(secondSaturday.slice(8))} `,
    ),
  );

  // The .ics: one VEVENT per date (decision 124), the excluded one missing, read back by node-ical as the same dates.
  const ics = await (await visitor.request.get(`/evenement/${id}/calendrier.ics`)).text();
  const vevents = Object.values(ical.sync.parseICS(ics)).filter(
    (c): c is VEvent => typeof c === 'object' && c !== null && 'type' in c && c.type === 'VEVENT',
  );
  const instants = vevents
    .flatMap((e) =>
      ical.expandRecurringEvent(e, {
        from: new Date(Date.now() - 86_400_000),
        to: new Date(Date.now() + 400 * 86_400_000),
      }),
    )
    .map((i) => new Date(i.start).getTime())
    .sort((a, b) => a - b);
  expect(instants).toEqual(dates.map((d) => Date.parse(d.startsAt)));

  // The organizer cancels the third date: « Annulé » on it only, the others stay.
  await page.goto(`/evenement/${id}`);
  const third = page.getByTestId('next-dates').getByTestId('series-date').nth(2);
  // Asked first: a dialog with JavaScript, the confirmation step without (decision 068).
  await third.getByRole('link', { name: /^Annuler cette date/ }).click();
  await page.getByRole('button', { name: 'Oui, annuler cette date' }).click();
  await expect(page.getByTestId('flash')).toContainText('est annulée');
  await visitor.goto(`/evenement/${id}`);
  const shown = visitor.getByTestId('next-dates').getByTestId('series-date');
  await expect(shown.nth(2)).toContainText('Annulé');
  await expect(shown.filter({ hasText: 'Annulé' })).toHaveCount(1);
  // The rule's « 6 fois » says beside it what the card's count leaves out.
  await expect(visitor.getByTestId('series-rule')).toContainText('6 fois à partir du');
  await expect(visitor.getByTestId('series-rule')).toContainText(/\(1\u00a0?\s?date annulée\)$/);
  // The list: the series once, with the four of its five dates that take place (the cancelled one is said on its page;
  // « 5 dates » for four that take place was an outside tester's finding).
  await visitor.goto(`/evenements?q=${encodeURIComponent(title)}`);
  await expect(visitor.locator('.event-card').filter({ hasText: title })).toHaveCount(1);
  await expect(visitor.locator('.event-card').filter({ hasText: title })).toContainText(
    'Chaque samedi · 08:00 · 4 dates',
  );
  await visitor.context().close();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
