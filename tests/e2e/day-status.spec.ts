// « Ça a lieu ? » on the day (issue 51) on a 390×844 phone, with and without JavaScript: a visitor asks to be told
// (double opt-in through the mail), the organizer taps « Annulé » on the date's page and confirms it on the next page,
// the visitor gets exactly one mail, the page shows the red banner with the time it was said, the .ics says
// STATUS:CANCELLED for that date, and « Rétablir cette date » puts it back (a second mail). The
// organizer's dashboard puts the day's « selon la météo » event at the top, « Confirmé » in one tap.
import { scheduleSpan } from '../../app/.server/schedule/schedule-expand';
import { addDaysToDate, formatShortDate, zurichIso, zurichToday } from '../../app/domain/dates';
import { weekdayOf } from '../../app/domain/schedule';
import { makeSaturdayMarket } from '../support/factories';
import { expect, test } from './fixtures';
import { mailsTo, unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

test('l’organisateur annonce « Annulé » depuis son téléphone ; le visiteur prévenu reçoit un seul mail ; le .ics l’annule', async ({
  page,
  browser,
  signIn,
  createEvent,
  request,
}) => {
  // Today (the test clock's, decision 119) and the same weekday next week, all day long.
  const today = zurichToday();
  const rule = {
    ...makeSaturdayMarket({ firstDate: today, count: 2 }),
    byDay: [weekdayOf(today)],
    start: '00:00',
    end: '23:59',
  };
  const span = scheduleSpan(rule);
  if (!span) throw new Error('série vide');
  const organizer = await signIn();
  const title = unique('Pique-nique au bord du lac');
  const event = await createEvent({ title, createdBy: organizer.uid, schedule: rule, ...span });

  // A visitor, without an account, asks to be told; the mail's link confirms it.
  const address = `${unique('prevenu').replace(/\W+/g, '-').toLowerCase()}@exemple.ch`;
  const javaScript = test.info().project.name === 'js';
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: javaScript });
  await visitor.goto(`/evenement/${event.id}`);
  await visitor.getByLabel('Ça a lieu\u202f? Me prévenir par email le jour même').fill(address);
  await visitor.getByRole('button', { name: 'Me prévenir' }).click();
  await expect(visitor.getByText('Vérifiez votre boîte email')).toBeVisible();
  // Words about that event, not a list's.
  const toldIf = 'si l’événement est confirmé, annulé, reporté ou déplacé le jour même';
  await expect(visitor.getByTestId('alert-requested')).toContainText(`pour «\u00a0${title}\u00a0»`);
  // With JavaScript, a browser able to receive push is offered a notification too; without, nothing of it shows.
  const offer = visitor.getByRole('button', { name: 'Recevoir aussi une notification' });
  if (javaScript) await expect(offer).toBeVisible();
  else await expect(offer).toHaveCount(0);
  await expect.poll(() => mailsTo(address).join('\n')).toContain('/alertes/confirmer/');
  const confirmUrl = /https?:\/\/\S+\/alertes\/confirmer\/[\w-]+/.exec(mailsTo(address).join('\n'))?.[0] ?? '';
  await visitor.goto(new URL(confirmUrl).pathname);
  await expect(
    visitor.getByText(`Vous serez prévenu·e par email ${toldIf}, pour «\u00a0${title}\u00a0».`),
  ).toBeVisible();
  await visitor.getByRole('button', { name: 'Confirmer', exact: true }).click();
  await expect(visitor).toHaveURL(/\/alertes\/gerer\//);
  await expect(visitor.getByTestId('alert-confirmed')).toHaveText(
    `C’est confirmé\u00a0: vous serez prévenu·e par email ${toldIf}, pour «\u00a0${title}\u00a0».`,
  );
  const manageUrl = visitor.url();

  // The organizer, on the event's page on the day. « Annulé » is not « Confirmé »: another colour, 24 px apart at
  // least (issue 70: both were red, 8 px apart, and one tap mailed everyone).
  await page.goto(`/evenement/${event.id}`);
  const form = page.getByTestId('day-status-form');
  const [confirmTap, cancelTap] = [
    form.getByRole('button', { name: 'Confirmé' }),
    form.getByRole('button', { name: 'Annulé' }),
  ];
  const [a, b] = [await confirmTap.boundingBox(), await cancelTap.boundingBox()];
  if (!a || !b) throw new Error('boutons invisibles');
  const apart = b.y >= a.y + a.height ? b.y - (a.y + a.height) : b.x - (a.x + a.width);
  expect(apart).toBeGreaterThanOrEqual(24);
  const colour = (tap: typeof confirmTap) => tap.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await colour(confirmTap)).not.toBe(await colour(cancelTap));
  await form.getByLabel(/^Note/).fill('Orage annoncé');
  await cancelTap.click();
  // Asked once, with or without JavaScript: nothing is said nor mailed until « Oui ».
  const ask = page.getByTestId('confirm-panel');
  await expect(ask).toContainText('la personne abonnée recevra un email tout de suite');
  await expect(page.getByTestId('day-status')).toHaveCount(0);
  const told = () => mailsTo(address).filter((m) => m.includes('Voir l’événement'));
  expect(told()).toHaveLength(0);
  await ask.getByRole('button', { name: 'Oui, annuler cette date' }).click();
  await expect(page).toHaveURL(new RegExp(`/evenement/${event.id}\\?date=${today}$`));
  await expect(page.getByText('La personne abonnée est prévenue par email.')).toBeVisible();
  await expect(page.getByTestId('date-cancelled')).toBeVisible();
  // Its day written out, read on another day as well (issue 70): « Annulé le sam. 28 nov. à 09:12 ».
  const day = formatShortDate(zurichIso(today, '12:00'));
  await expect(page.getByTestId('day-status')).toContainText(new RegExp(`Annulé le ${day} à\u00a0\\d\\d:\\d\\d`));
  await expect(page.getByTestId('day-status')).toContainText('Orage annoncé');

  // Exactly one mail about it, with its one-click unsubscribe.
  await expect.poll(() => told().length).toBe(1);
  expect(told()[0]).toContain('List-Unsubscribe:');
  expect(told()[0]).toContain('Orage annoncé');

  // The calendar: that date cancelled (its own VEVENT, under the UID the feeds give it: decision 124), the next not.
  const ics = await (await request.get(`/evenement/${event.id}/calendrier.ics`)).text();
  const cancelled = ics.split('BEGIN:VEVENT').filter((v) => v.includes('STATUS:CANCELLED'));
  expect(cancelled).toHaveLength(1);
  expect(cancelled[0]).toContain(`DTSTART;TZID=Europe/Zurich:${today.replaceAll('-', '')}T000000`);
  // « Rétablir » right on the result: the date is back, and the organizer is told that the subscriber got a mail.
  await expect(page.getByTestId('day-status-form').getByRole('button', { name: 'Rétablir cette date' })).toBeVisible();
  await page.getByTestId('flash').getByRole('button', { name: 'Rétablir cette date' }).click();
  await expect(
    page.getByText(/^Date rétablie\u00a0: .*, elle a lieu\. La personne abonnée est prévenue par email\.$/),
  ).toBeVisible();
  await expect(page.getByTestId('date-cancelled')).toHaveCount(0);
  // A restore is not a confirmation (issue 70): the date as before anything was said, « Confirmé » nowhere.
  await expect(page.getByTestId('day-status')).toHaveCount(0);
  await expect(page.getByTestId('day-status-form').getByRole('button', { name: 'Confirmé' })).toBeVisible();
  await expect.poll(() => told().length).toBe(2);

  // Its unsubscribe link: the same event named, then gone.
  await visitor.goto(manageUrl);
  await visitor.getByRole('button', { name: 'Me désabonner' }).click();
  await expect(visitor.getByTestId('alert-unsubscribed')).toContainText(
    `C’est fait\u00a0: vous ne serez plus prévenu·e pour «\u00a0${title}\u00a0».`,
  );
  await visitor.close();
});

test('sur le téléphone, le tableau de bord met en tête l’événement « selon la météo » du jour : « Confirmé » d’un tap', async ({
  page,
  signIn,
  createEvent,
}) => {
  // A picnic today (the test clock's), all day, « selon la météo »; another event of the organizer next week.
  const today = zurichToday();
  const organizer = await signIn();
  const title = unique('Pique-nique selon la météo');
  const event = await createEvent({
    title,
    createdBy: organizer.uid,
    weatherDependent: true,
    startsAt: zurichIso(today, '00:00'),
    endsAt: zurichIso(today, '23:59'),
  });
  await createEvent({ createdBy: organizer.uid, startsAt: zurichIso(addDaysToDate(today, 7), '19:00') });

  await page.goto('/dashboard');
  const shortcut = page.getByTestId(`today-${event.id}`);
  await expect(shortcut).toContainText(title);
  await expect(shortcut.getByTestId('day-status')).toHaveText('Confirmation le jour même');
  // At the top: above the groups of the dashboard, its taps inside the 390 px screen.
  const [top, groups] = await Promise.all([
    page.getByTestId('dashboard-today').boundingBox(),
    page.locator('.dashboard-group').first().boundingBox(),
  ]);
  expect(top && groups && top.y < groups.y).toBe(true);
  const confirm = shortcut.getByRole('button', { name: 'Confirmé' });
  const box = await confirm.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390 && box.height >= 44).toBe(true);

  await confirm.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText(
      new RegExp(`C’est dit\u00a0: Confirmé le ${formatShortDate(zurichIso(today, '12:00'))} à\u00a0\\d\\d:\\d\\d\\.`),
    ),
  ).toBeVisible();
  await expect(page.getByTestId(`today-${event.id}`).getByTestId('day-status')).toContainText(
    new RegExp(`^Confirmé le ${formatShortDate(zurichIso(today, '12:00'))} à\u00a0\\d\\d:\\d\\d`),
  );
});
