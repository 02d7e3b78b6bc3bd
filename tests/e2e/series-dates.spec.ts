// One date of a series, cancelled from the dashboard (issue 33, decision 068), on a 390×844 phone with and without
// JavaScript: asked first (a dialog, or the confirmation step), done without moderation, and the public sees the date
// « Annulé » on the event page, in the public API and in the .ics; « Rétablir » undoes it.
import ical, { type VEvent } from 'node-ical';
import { scheduleSpan } from '../../app/.server/schedule/schedule-expand';
import { addDaysToDate, formatDayOf, zurichToday } from '../../app/domain/dates';
import { formatEventWhen } from '../../app/domain/event-dates';
import { weekdayOf } from '../../app/domain/schedule';
import { makeSaturdayMarket } from '../support/factories';
import { expect, type Fixtures, test } from './fixtures';
import { unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

/** A market every Saturday from the next one (at least three days ahead), four dates, published, of a signed-in organizer. */
async function publishedMarket(signIn: Fixtures['signIn'], createEvent: Fixtures['createEvent']) {
  let saturday = addDaysToDate(zurichToday(), 3);
  while (weekdayOf(saturday) !== 'SA') saturday = addDaysToDate(saturday, 1);
  const rule = makeSaturdayMarket({ firstDate: saturday, count: 4 });
  const span = scheduleSpan(rule);
  if (!span) throw new Error('série vide');
  const organizer = await signIn();
  // One word and a unique one: the markets of the tests running beside it (the other project, the other test) are in
  // the same town at the same hour, and a title they share at half of its words would be refused as a possible
  // duplicate (« Doublon possible »).
  const title = unique('Marché');
  const event = await createEvent({ title, createdBy: organizer.uid, schedule: rule, ...span });
  return { event, title, saturday };
}

test('l’organisateur annule une date depuis son tableau de bord : « Annulé » pour le public, dans l’API et le .ics, puis la rétablit', async ({
  page,
  browser,
  ports,
  signIn,
  createEvent,
}, testInfo) => {
  const js = testInfo.project.name === 'js';
  const { event, title } = await publishedMarket(signIn, createEvent);
  const dates = await ports.store.events.occurrences(event.id);
  expect(dates).toHaveLength(4);
  const second = dates[1];
  const label = formatEventWhen({ ...second, allDay: false });

  await page.goto('/dashboard');
  const row = page.getByTestId(`event-${event.id}`);
  await row.getByText('Dates à venir (4)').click();
  const listed = row.getByTestId('series-date');
  await expect(listed).toHaveCount(4);
  await listed
    .nth(1)
    .getByRole('link', { name: `Annuler la date du ${label}` })
    .click();
  // Asked first: a dialog with JavaScript, a page of its own without.
  if (js) await expect(page.getByRole('dialog', { name: `Annuler la date du ${label}\u202f?` })).toBeVisible();
  else await expect(page.getByRole('heading', { name: `Annuler la date du ${label}\u202f?` })).toBeVisible();
  // A word for the public, shown beside the struck date (issue 70).
  await page.getByLabel(/^Un mot pour le public/).fill('Stand en travaux');
  await page.getByRole('button', { name: 'Oui, annuler cette date' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard\\?dates=${event.id}#dates-${event.id}$`));
  await expect(page.getByTestId('flash')).toHaveText(
    new RegExp(`^La date du ${label} est annulée\u00a0: elle reste affichée «\u00a0Annulé\u00a0»`),
  );
  // Back on the dashboard, that series' dates open, the date marked.
  await expect(listed.nth(1)).toContainText('Annulé');
  await expect(listed.filter({ hasText: 'Annulé' })).toHaveCount(1);
  // No moderation: still published, nothing waiting.
  expect(await ports.store.events.findById(event.id)).toMatchObject({ status: 'approved', revision: null });
  // Its confirmation page counts, as the dashboard and the public list do, the three dates that take place (in a copy
  // of the session: the message with « Rétablir » stays for this page).
  const copy = await browser.newContext({ storageState: await page.context().storageState() });
  const confirmation = await copy.newPage();
  await confirmation.goto(`/organizer/event-confirmation/${event.id}`);
  await expect(confirmation.locator('.event-card')).toContainText('· 3 dates');
  await copy.close();

  // The public: the event page, the API, the .ics.
  const visitor = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
  await expect(async () => {
    await visitor.goto(`/evenement/${event.id}?essai=${Date.now()}`);
    await expect(visitor.getByTestId('next-dates').getByTestId('series-date').nth(1)).toContainText('Annulé', {
      timeout: 1_000,
    });
  }).toPass();
  await expect(visitor.getByTestId('next-dates').getByTestId('series-date').filter({ hasText: 'Annulé' })).toHaveCount(
    1,
  );
  // Listed struck, with the organizer's note, as « Prochaine date » says a cancelled next date (issue 70).
  const struck = visitor.getByTestId('next-dates').getByTestId('series-date').nth(1);
  await expect(struck.getByTestId('series-date-note')).toHaveText(' — Stand en travaux');
  expect(await struck.locator('time').evaluate((t) => getComputedStyle(t).textDecorationLine)).toBe('line-through');
  // The public page has no management button.
  await expect(visitor.getByRole('link', { name: /^Annuler cette date/ })).toHaveCount(0);
  // That date's own page says it as plainly as a cancelled event's: the red badge and banner.
  await visitor.getByTestId('next-dates').getByTestId('series-date').nth(1).getByRole('link').click();
  await expect(visitor).toHaveURL(new RegExp(`\\?date=${second.startsAt.slice(0, 10)}$`));
  await expect(visitor.getByTestId('cancelled-badge')).toHaveText('Annulé');
  await expect(visitor.getByTestId('date-cancelled')).toHaveText(
    'Cette date est annulée. Les autres dates de la série sont indiquées ci-dessous.',
  );
  await expect(visitor.getByTestId('date-cancelled')).toHaveClass(/notice--error/);

  // Another date's page: « Ajouter au calendrier » adds that date; the series is offered beside it.
  const third = dates[2];
  await visitor.getByTestId('next-dates').getByTestId('series-date').nth(2).getByRole('link').click();
  await expect(visitor.getByTestId('date-cancelled')).toHaveCount(0);
  await expect(visitor.getByTestId('calendar-one-date')).toBeVisible();
  const oneIcs = await visitor.getByRole('link', { name: 'Fichier .ics (Apple, Outlook…)' }).getAttribute('href');
  const one = Object.values(ical.sync.parseICS(await (await visitor.request.get(oneIcs ?? '')).text())).filter(
    (c): c is VEvent => typeof c === 'object' && c !== null && 'type' in c && c.type === 'VEVENT',
  );
  expect(one.map((v) => [new Date(v.start).getTime(), Boolean(v.rrule)])).toEqual([
    [Date.parse(third.startsAt), false],
  ]);
  const google = new URL(
    (await visitor.getByRole('link', { name: 'Google Agenda', exact: true }).getAttribute('href')) ?? '',
  );
  expect(google.searchParams.get('recur')).toBeNull();
  await expect(visitor.getByRole('link', { name: 'Toute la série (.ics)' })).toHaveAttribute(
    'href',
    `/evenement/${event.id}/calendrier.ics`,
  );
  const seriesGoogle = await visitor
    .getByRole('link', { name: 'Toute la série dans Google Agenda' })
    .getAttribute('href');
  expect(new URL(seriesGoogle ?? '').searchParams.get('recur')).toMatch(/^RRULE:FREQ=WEEKLY/);

  const api = await (await visitor.request.get(`/api/v1/events/${event.id}?fields=title,dates`)).json();
  expect(api.data.dates.map((d: { cancelled: boolean }) => d.cancelled)).toEqual([false, true, false, false]);

  const ics = await (await visitor.request.get(`/evenement/${event.id}/calendrier.ics`)).text();
  const vevents = Object.values(ical.sync.parseICS(ics)).filter(
    (c): c is VEvent => typeof c === 'object' && c !== null && 'type' in c && c.type === 'VEVENT',
  );
  // One VEVENT per date under the UID the feeds give it (decision 124): the cancelled one says so, the others do not.
  expect(vevents).toHaveLength(4);
  const cancelledOnes = vevents.filter((v) => v.status === 'CANCELLED');
  expect(cancelledOnes).toHaveLength(1);
  expect(cancelledOnes[0]).toMatchObject({ summary: `Annulé : ${title}` });
  expect(new Date(cancelledOnes[0].start as Date).getTime()).toBe(Date.parse(second.startsAt));

  // « Rétablir cette date », offered with the message.
  await page.getByTestId('flash').getByRole('button', { name: 'Rétablir cette date' }).click();
  await expect(page.getByTestId('flash')).toHaveText(
    `La date du ${label} est rétablie. Personne n’était abonné·e\u00a0: aucun email n’est parti.`,
  );
  await expect(listed.filter({ hasText: 'Annulé' })).toHaveCount(0);
  const restored = await (await visitor.request.get(`/api/v1/events/${event.id}?fields=dates&essai=1`)).json();
  expect(restored.data.dates.every((d: { cancelled: boolean }) => !d.cancelled)).toBe(true);
  await visitor.context().close();
});

test('une date publiée mise dans « Sauf les dates » : la confirmation et le formulaire disent qu’elle reste « Annulé »', async ({
  page,
  ports,
  signIn,
  createEvent,
}) => {
  const { event, saturday } = await publishedMarket(signIn, createEvent);
  const second = (await ports.store.events.occurrences(event.id))[1];
  const day = addDaysToDate(saturday, 7);

  await page.goto(`/organizer/edit-event/${event.id}`);
  await page.getByLabel('Sauf les dates').fill(day.split('-').reverse().join('.'));
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(page.getByRole('heading', { name: 'Modifications enregistrées' })).toBeVisible();
  // Said where the organizer looks: the date stays, « Annulé », and can be restored.
  await expect(page.getByTestId('confirmation-cancelled')).toContainText(
    `${formatDayOf(new Date(second.startsAt), 'weekdayYear')}. Le public la voit`,
  );
  await expect(page.getByTestId('confirmation-cancelled')).toContainText('rétablir depuis le tableau de bord');
  await page.getByRole('link', { name: 'Modifier', exact: true }).click();
  const exclude = page.getByLabel('Sauf les dates');
  await expect(exclude).toHaveValue('');
  await expect(exclude).toHaveAccessibleDescription(
    new RegExp(`Déjà annulée\u00a0: ${formatDayOf(new Date(second.startsAt), 'short')} \\(à rétablir`),
  );
});
