// Issue 74's « Mes favoris » journey, on a 390×844 phone, with and without JavaScript (decision 170): a visitor keeps
// two events and one date of a series with the heart (refused until functional cookies are accepted), signs up, and
// finds the three in the account's /favoris; the personal calendar, read by ical.js as a calendar app reads it, has
// the three with the UIDs of the public .ics files; the organizer cancels one, and /favoris and the feed say so.
// Without JavaScript the heart comes back to the page with its message and still reads « Garder » (the page is
// everyone's): the test reads that instead of « Gardé ».
import type { APIRequestContext, Page } from '@playwright/test';
import ICAL from 'ical.js';
import { scheduleSpan } from '../../app/.server/schedule/schedule-expand';
import { addDaysToDate, zurichToday } from '../../app/domain/dates';
import { FAVOURITE_CONSENT_NEEDED, FAVOURITE_KEPT } from '../../app/domain/favourites';
import { weekdayOf } from '../../app/domain/schedule';
import { makeTuesdayClass } from '../support/factories';
import { expect, test } from './fixtures';
import { linkInMail, register, unique, uniqueEmail } from './utils';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

/** The VEVENTs of a calendar, as ical.js reads them: UID → STATUS and SUMMARY. */
function vevents(ics: string): Map<string, { status: string; summary: string }> {
  const root = new ICAL.Component(ICAL.parse(ics));
  return new Map(
    root
      .getAllSubcomponents('vevent')
      .map((v) => [
        String(v.getFirstPropertyValue('uid')),
        { status: String(v.getFirstPropertyValue('status')), summary: String(v.getFirstPropertyValue('summary')) },
      ]),
  );
}

async function calendar(request: APIRequestContext, path: string) {
  const answer = await request.get(path);
  expect(answer.status(), path).toBe(200);
  expect(answer.headers()['content-type']).toContain('text/calendar');
  return vevents(await answer.text());
}

/** Touches a heart; with JavaScript it turns to « Gardé » in place, without it the page comes back with the message. */
async function keep(page: Page, heart: ReturnType<Page['getByTestId']>, js: boolean) {
  await heart.click();
  if (js) await expect(heart).toHaveText(/Gardé/);
  else {
    await expect(page.getByTestId('flash')).toHaveText(FAVOURITE_KEPT);
    // The page is the same for everyone: it cannot say « Gardé » without JavaScript; the message and /favoris do.
    await expect(heart).toHaveText(/Garder/);
  }
}

/** The first heart of an event's page: the event's, or on a date of a series that date's (« Garder cette date »). */
const hearts = (page: Page) => page.getByRole('region', { name: 'Mes favoris' }).getByTestId('favourite').first();

/** The next Tuesday at least two days ahead. */
function nextTuesday(): string {
  let day = addDaysToDate(zurichToday(), 2);
  while (weekdayOf(day) !== 'TU') day = addDaysToDate(day, 1);
  return day;
}

test('garder deux événements et une date d’une série, s’inscrire, les retrouver, s’abonner ; une annulation se voit @journey @journey-nojs', async ({
  page,
  request,
  people,
  createEvent,
  removeAfter,
}, testInfo) => {
  test.setTimeout(120_000);
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const organizer = await people.createUser();
  const word = unique('x').split(' ')[1];
  const concert = await createEvent({ title: `Concert de l’Avent ${word}`, createdBy: organizer.uid });
  const choir = await createEvent({ title: `Chœur des Rameaux ${word}`, createdBy: organizer.uid });
  const rule = makeTuesdayClass({ firstDate: nextTuesday(), count: 4 });
  const span = scheduleSpan(rule);
  if (!span) throw new Error('série vide');
  const salsa = await createEvent({
    title: `Cours de salsa ${word}`,
    createdBy: organizer.uid,
    status: 'approved',
    schedule: rule,
    ...span,
  });
  const secondDay = addDaysToDate(rule.firstDate, 7);

  // Before any choice of cookies, the heart says what it needs.
  await page.goto(`/evenement/${concert.id}`);
  const concertHeart = hearts(page);
  await expect(concertHeart).toHaveAccessibleName(`Garder\u00a0: ${concert.title}`);
  await concertHeart.click();
  await expect(
    js ? page.getByRole('alert').filter({ hasText: FAVOURITE_CONSENT_NEEDED }) : page.getByTestId('flash'),
  ).toHaveText(FAVOURITE_CONSENT_NEEDED);

  // Functional cookies accepted, the concert from its page, the choir from its card, one date of the series.
  await page
    .getByRole('region', { name: 'Cookies et vie privée' })
    .getByRole('button', { name: 'Tout accepter' })
    .click();
  await expect(page.getByRole('region', { name: 'Cookies et vie privée' })).toBeHidden();
  await keep(page, concertHeart, js);
  const card = page.locator('article.event-card', { hasText: choir.title });
  await expect(async () => {
    await page.goto(`/evenements?q=${encodeURIComponent(word)}`);
    await expect(card).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await keep(page, card.getByTestId('favourite'), js);
  await page.goto(`/evenement/${salsa.id}?date=${secondDay}`);
  await expect(hearts(page)).toHaveAccessibleName(`Garder cette date\u00a0: ${salsa.title}, cette date`);
  await keep(page, hearts(page), js);

  // Kept by this browser: its /favoris lists them, and invites to make an account.
  await page.goto('/favoris');
  const items = page.getByTestId('favourite-item');
  await expect(items).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Créez un compte' })).toBeVisible();

  // Signs up; the mail's link confirms the address; the three follow into the account.
  const email = uniqueEmail('favoris');
  removeAfter.account(email);
  await register(page, unique('Amie des concerts'), email, 'une phrase de passe pour les favoris');
  await page.goto(await linkInMail(email, '/auth/verify-email?token='));
  await expect(page.getByTestId('flash')).toContainText(`Adresse confirmée\u00a0: ${email}`);
  await page.goto('/favoris');
  await expect(items).toHaveCount(3);
  // In date order: the series' date is first (nine days at most), the two events two weeks ahead.
  await expect(items.first()).toContainText(salsa.title);
  for (const event of [concert, choir, salsa]) await expect(items.filter({ hasText: event.title })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Annulé' })).toHaveCount(0);

  // The personal calendar: made here, read by ical.js, the three with the public feeds' UIDs.
  await page.getByRole('button', { name: 'Créer mon lien de calendrier' }).click();
  const link = page.getByTestId('favourites-feed');
  await expect(link).toHaveText(/\/favoris\/calendrier\/[A-Za-z0-9_-]{32}$/);
  const feedPath = new URL((await link.textContent()) ?? '').pathname;
  const publicUids = [
    ...(await calendar(request, `/evenement/${concert.id}/calendrier.ics`)).keys(),
    ...(await calendar(request, `/evenement/${choir.id}/calendrier.ics`)).keys(),
    ...(await calendar(request, `/evenement/${salsa.id}/calendrier.ics?date=${secondDay}`)).keys(),
  ];
  expect(publicUids).toHaveLength(3);
  const feed = await calendar(request, feedPath);
  expect([...feed.keys()].sort()).toEqual([...publicUids].sort());
  // The series' date is one of the dates of the series' own .ics, under the same UID.
  const series = await calendar(request, `/evenement/${salsa.id}/calendrier.ics`);
  expect(series.has(publicUids[2])).toBe(true);
  for (const { status } of feed.values()) expect(status).toBe('CONFIRMED');

  // The organizer cancels the choir from the dashboard.
  const board = await people.pageAs(organizer, { viewport: phone, javaScriptEnabled: js });
  await board.goto('/dashboard');
  const cancel = board.getByTestId(`event-${choir.id}`).getByRole('link', { name: 'Annuler l’événement' });
  await cancel.click();
  const confirm = js ? board.getByRole('dialog') : board.getByTestId('confirm-panel');
  await confirm.getByRole('button', { name: 'Oui, annuler l’événement' }).click();
  await expect(board.getByTestId(`event-${choir.id}`).getByRole('button', { name: 'Rétablir' })).toBeVisible();

  // /favoris says it, the two others unchanged; the feed has it CANCELLED under the same UID, as the public one.
  await page.goto('/favoris');
  await expect(items).toHaveCount(3);
  await expect(items.filter({ hasText: choir.title }).getByText('Annulé', { exact: true })).toBeVisible();
  await expect(items.filter({ hasText: 'Annulé' })).toHaveCount(1);
  const choirUid = [...(await calendar(request, `/evenement/${choir.id}/calendrier.ics`)).keys()][0];
  const after = await calendar(request, feedPath);
  expect([...after.keys()].sort()).toEqual([...publicUids].sort());
  expect(after.get(choirUid)?.status).toBe('CANCELLED');
  expect(after.get(choirUid)?.summary).toContain('Annulé');
  expect([...after.values()].filter((v) => v.status === 'CANCELLED')).toHaveLength(1);
});
