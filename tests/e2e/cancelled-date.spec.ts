// Issue 70, on a 390×844 phone, with and without JavaScript: the organizer cancels tomorrow's date of a series from the
// dashboard (offered the day before), and a visitor who planned to go reads it struck, « Annulé », with the note, on
// the event's page before the next date, and on the card of tomorrow's list; a list of dates with a line it cannot read says which line, the text kept.
import { scheduleSpan } from '../../app/.server/schedule/schedule-expand';
import { addDaysToDate, formatCalendarDay, zurichToday } from '../../app/domain/dates';
import { weekdayOf } from '../../app/domain/schedule';
import { makeSaturdayMarket } from '../support/factories';
import { expect, test } from './fixtures';
import { fillEvent, openEventForm, unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

test('la veille, le tableau de bord annule la date de demain ; le visiteur la lit barrée, « Annulé », avec la note', async ({
  page,
  browser,
  signIn,
  createEvent,
}, testInfo) => {
  // Tomorrow (the test clock's, decision 119) and the same weekday a week later.
  const tomorrow = addDaysToDate(zurichToday(), 1);
  const rule = { ...makeSaturdayMarket({ firstDate: tomorrow, count: 2 }), byDay: [weekdayOf(tomorrow)] };
  const span = scheduleSpan(rule);
  if (!span) throw new Error('série vide');
  const organizer = await signIn();
  const title = unique('Pique-nique de la chorale');
  const event = await createEvent({ title, createdBy: organizer.uid, schedule: rule, ...span });

  await page.goto('/dashboard');
  const shortcut = page.getByTestId(`today-${event.id}`);
  await expect(page.getByRole('heading', { name: 'Demain', exact: true })).toBeVisible();
  await expect(shortcut).toContainText(title);
  await expect(shortcut).toContainText('Demain');
  await shortcut.getByLabel(/^Note/).fill('Pluie annoncée');
  await shortcut.getByRole('button', { name: 'Annulé' }).click();
  await page.getByTestId('confirm-panel').getByRole('button', { name: 'Oui, annuler cette date' }).click();
  await expect(page.getByText(/C’est dit\u00a0: Annulé/)).toBeVisible();

  // A visitor, on the event's page without a date: the cancelled one first, struck, then the next.
  const visitor = await browser.newPage({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: testInfo.project.name === 'js',
  });
  await visitor.goto(`/evenement/${event.id}`);
  const cancelled = visitor.getByTestId('next-cancelled');
  await expect(cancelled).toContainText('Prochaine date\u00a0:');
  await expect(cancelled).toContainText(formatCalendarDay(tomorrow, 'weekday'));
  await expect(cancelled).toContainText('Annulé — Pluie annoncée');
  await expect(cancelled.locator('s time')).toHaveAttribute('datetime', /.+/);
  await expect(visitor.getByTestId('series-when')).toContainText(
    `Date suivante\u00a0: ${formatCalendarDay(addDaysToDate(tomorrow, 7), 'weekday')}`,
  );
  // The list of tomorrow: its card, the date struck, « Annulé » and the note.
  await visitor.goto('/evenements?quand=demain');
  const card = visitor.locator('article.event-card', { hasText: title });
  await expect(card.locator('.event-card__when--cancelled time')).toBeVisible();
  await expect(card.getByText('Annulé', { exact: true })).toBeVisible();
  await expect(card.getByTestId('card-day-status')).toContainText('— Pluie annoncée');
  await visitor.close();
});

test('« Plusieurs dates » : une ligne non comprise est dite dans l’aperçu, le texte gardé', async ({
  page,
  signIn,
}, testInfo) => {
  // The whole event form filled on a loaded machine: its first attempt ran out of the default time.
  test.slow();
  await openEventForm(page, signIn);
  await fillEvent(page, unique('Concerts de l’Avent'));
  await page.getByRole('radio', { name: 'Plusieurs dates' }).check();
  const year = Number(zurichToday().slice(0, 4)) + 1;
  const typed = `12.12.${year} 20:00\n13.12.${year} 12`;
  const list = page.getByLabel('Les dates, une par ligne, avec leurs heures');
  await list.fill(typed);
  const said = `«\u00a013.12.${year} 12\u00a0» n’est pas compris. Ligne 2\u00a0: écrivez la date puis l’heure, par exemple 28.11.2026 20:00-22:30.`;
  // With JavaScript, said in the preview as one types.
  if (testInfo.project.name === 'js') await expect(page.getByTestId('schedule-preview-problem')).toHaveText(said);
  // Sent (« Voir les dates » without JavaScript, or as it is): the field says it, once (issue 70: the field's message
  // and the preview's said it twice), the preview points to it, the text kept.
  await page
    .getByRole('button', { name: testInfo.project.name === 'js' ? 'Envoyer pour publication' : 'Voir les dates' })
    .click();
  await expect(page.locator('#field-dateList-error')).toHaveText(said);
  await expect(page.getByTestId('schedule-fields').getByText(/n’est pas compris/)).toHaveCount(1);
  await expect(page.getByTestId('schedule-preview-problem')).toHaveText(
    'Les dates paraîtront ici une fois la ligne signalée sous la liste corrigée.',
  );
  await expect(list).toHaveValue(typed);
  // Corrected, the dates show again.
  await list.fill(`12.12.${year} 20:00\n13.12.${year} 12:00`);
  if (testInfo.project.name !== 'js') await page.getByRole('button', { name: 'Voir les dates' }).click();
  await expect(page.getByTestId('schedule-preview-problem')).toHaveCount(0);
  await expect(page.getByTestId('schedule-preview')).toContainText('2 dates');
});
