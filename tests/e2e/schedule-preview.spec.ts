// « See before sending » (issue 33) on a 390×844 phone, with and without JavaScript: under the schedule's fields, the
// dates a rule makes (the first ones, how many, the ones skipped) and an exhibition's week with its closing days; with
// JavaScript as one types, without it by « Voir les dates », which saves nothing and keeps every field. Only the
// fields of the chosen repeat show.
import type { Page } from '@playwright/test';
import { addDaysToDate, formatCalendarDay, zurichToday } from '../../app/domain/dates';
import { weekdayOf } from '../../app/domain/schedule';
import { expect, type Fixtures, test } from './fixtures';
import { fillEvent, openEventForm, unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

const swiss = (ymd: string) => ymd.split('-').reverse().join('.');

/** The next `weekday` at least a week ahead. */
function nextWeekday(weekday: string): string {
  let day = addDaysToDate(zurichToday(), 7);
  while (weekdayOf(day) !== weekday) day = addDaysToDate(day, 1);
  return day;
}

async function start(page: Page, signIn: Fixtures['signIn']) {
  const organizer = await openEventForm(page, signIn);
  const title = unique('Cours de salsa');
  await fillEvent(page, title);
  return { organizer, title };
}

/** With JavaScript the preview follows the fields; without, « Voir les dates » brings the page back with it. */
async function showPreview(page: Page, js: boolean) {
  if (!js) {
    await page.getByRole('button', { name: 'Voir les dates' }).click();
    await expect(page).toHaveURL(/#apercu-des-dates$/);
  } else await expect(page.getByRole('button', { name: 'Voir les dates' })).toHaveCount(0);
  return page.getByTestId('schedule-preview');
}

test.describe('l’aperçu des dates du formulaire', () => {
  test('chaque mardi avec deux dates exclues : la règle, le nombre de dates, les premières, les exclues ; rien d’envoyé', async ({
    page,
    ports,
    signIn,
  }, testInfo) => {
    const js = testInfo.project.name === 'js';
    const { organizer, title } = await start(page, signIn);
    const first = nextWeekday('TU');
    const [second, third] = [7, 14].map((n) => addDaysToDate(first, n));
    await page.getByLabel('Date de début', { exact: true }).fill(first);
    await page.getByLabel('Heure de début', { exact: true }).fill('18:30');
    await page.getByLabel('Heure de fin', { exact: true }).fill('20:00');
    await page.getByRole('radio', { name: 'Une date qui se répète' }).check();
    // Weekly: the days of the week, not the day of the month.
    await expect(page.getByLabel('Quel jour du mois')).toBeHidden();
    await page.getByRole('checkbox', { name: 'mardi', exact: true }).check();
    // Thirteen Tuesdays, two of them skipped (written without their year).
    await page.getByLabel('Jusqu’au (dernière date)').fill(addDaysToDate(first, 84));
    await page.getByLabel('Sauf les dates').fill(`${swiss(second).slice(0, 5)}, ${swiss(third).slice(0, 5)}`);

    const preview = await showPreview(page, js);
    await expect(preview).toContainText(/^Aperçu des datesChaque mardi, 18:30–20:00, du /);
    // Thirteen by the rule, two of them skipped: said on the same line (issue 47), the eleven that take place counted
    // first, as the moderation queue counts them (issue 70), and listed.
    await expect(preview).toContainText('11 dates (13 prévues, 2 exclues)');
    const listed = preview.getByRole('listitem');
    await expect(listed).toHaveCount(7);
    await expect(listed.first()).toContainText('18:30–20:00');
    await expect(listed.first()).toContainText(formatCalendarDay(first, 'short'));
    await expect(listed.last()).toHaveText('et 5 autres');
    // A series across the new year names the year of each date.
    const style = first.slice(0, 4) === addDaysToDate(first, 84).slice(0, 4) ? 'longNoYear' : 'long';
    await expect(preview).toContainText(
      `Sauf le ${formatCalendarDay(second, style)} et le ${formatCalendarDay(third, style)}.`,
    );
    // Nothing sent, everything kept.
    await expect(page.getByLabel('Titre', { exact: true })).toHaveValue(title);
    await expect(page.getByRole('checkbox', { name: 'mardi', exact: true })).toBeChecked();
    expect(await ports.store.events.listByOwner(organizer.uid)).toHaveLength(0);

    // Monthly: the day of the month, not the days of the week.
    await page.getByLabel('Répéter', { exact: true }).selectOption({ label: 'chaque mois' });
    await expect(page.getByRole('checkbox', { name: 'mardi', exact: true })).toBeHidden();
    await expect(page.getByLabel('Quel jour du mois')).toBeVisible();
  });

  test('une exposition : la semaine type, les mêmes horaires chaque jour et les jours de fermeture', async ({
    page,
    signIn,
  }, testInfo) => {
    const js = testInfo.project.name === 'js';
    await start(page, signIn);
    const from = addDaysToDate(zurichToday(), 10);
    const to = addDaysToDate(from, 90);
    await page.getByLabel('Date de début', { exact: true }).fill(from);
    await page.getByLabel('Date de fin (si plusieurs jours)', { exact: true }).fill(to);
    await page.getByRole('radio', { name: /^Une période/ }).check();
    // Without JavaScript, said by the choice that the preview waits for « Voir les dates » (issue 70); not with it.
    const noJs = page.getByTestId('schedule-no-js');
    if (js) await expect(noJs).toHaveCount(0);
    else {
      await expect(noJs).toBeVisible();
      await expect(noJs).toContainText(
        'l’aperçu des dates ne se met à jour qu’avec le bouton «\u00a0Voir les dates\u00a0»',
      );
    }
    await expect(page.getByLabel('Mêmes horaires chaque jour d’ouverture')).toBeChecked();
    // One pair of hours for the open days, not fourteen fields.
    await expect(page.getByLabel('mardi\u00a0: ouverture')).toBeHidden();
    const days = page.getByRole('group', { name: 'Jours d’ouverture' });
    for (const day of ['mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'])
      await days.getByRole('checkbox', { name: day, exact: true }).check();
    await page.getByLabel('Ouverture', { exact: true }).fill('10:00');
    await page.getByLabel('Fermeture', { exact: true }).fill('18:00');
    const closed = [20, 21].map((n) => addDaysToDate(from, n)).filter((d) => weekdayOf(d) !== 'MO');
    await page.getByLabel('Jours de fermeture').fill(closed.map((d) => swiss(d).slice(0, 5)).join(', '));

    const preview = await showPreview(page, js);
    const week = preview.getByRole('table', { name: 'Semaine type' });
    await expect(week.getByRole('row')).toHaveText([
      'lundifermé',
      'mardi10:00–18:00',
      'mercredi10:00–18:00',
      'jeudi10:00–18:00',
      'vendredi10:00–18:00',
      'samedi10:00–18:00',
      'dimanche10:00–18:00',
    ]);
    await expect(preview).toContainText('jours d’ouverture');
    const style = from.slice(0, 4) === to.slice(0, 4) ? 'longNoYear' : 'long';
    await expect(preview).toContainText(
      `Fermé aussi ${closed.map((d) => `le ${formatCalendarDay(d, style)}`).join(' et ')}.`,
    );
    // Different hours per day: the box unticked, each day's own fields.
    await page.getByLabel('Mêmes horaires chaque jour d’ouverture').uncheck();
    await expect(page.getByLabel('mardi\u00a0: ouverture')).toBeVisible();
    await expect(page.getByLabel('Ouverture', { exact: true })).toBeHidden();
    if (!js) return;
    // With JavaScript the hours typed follow: each open day has them, the closed Monday none, the week unchanged.
    await expect(page.getByLabel('mardi\u00a0: ouverture')).toHaveValue('10:00');
    await expect(page.getByLabel('dimanche\u00a0: fermeture')).toHaveValue('18:00');
    await expect(page.getByLabel('lundi\u00a0: ouverture')).toHaveValue('');
    await expect(week.getByRole('row').nth(1)).toHaveText('mardi10:00–18:00');
    await expect(week.getByRole('row').nth(6)).toHaveText('dimanche10:00–18:00');
  });
});

test('la confirmation et la file de modération disent la même chose que l’aperçu : règle, dates, heures, jours de fermeture @once', async ({
  page,
  people,
}, testInfo) => {
  const js = testInfo.project.name === 'js';
  const { title } = await start(page, people.signIn);
  const from = addDaysToDate(zurichToday(), 10);
  await page.getByLabel('Date de début', { exact: true }).fill(from);
  await page.getByLabel('Date de fin (si plusieurs jours)', { exact: true }).fill(addDaysToDate(from, 60));
  await page.getByRole('radio', { name: /^Une période/ }).check();
  const days = page.getByRole('group', { name: 'Jours d’ouverture' });
  for (const day of ['mercredi', 'samedi', 'dimanche'])
    await days.getByRole('checkbox', { name: day, exact: true }).check();
  await page.getByLabel('Ouverture', { exact: true }).fill('14:00');
  await page.getByLabel('Fermeture', { exact: true }).fill('17:30');
  await page.getByLabel('Jours de fermeture').fill(swiss(addDaysToDate(from, 30)));
  const preview = await showPreview(page, js);
  // With JavaScript the preview follows the typing: read it once it shows the last field filled, the closing day.
  await expect(preview).toContainText('Fermé aussi');
  const previewed = (await preview.locator('.schedule-summary').innerText()).trim();
  expect(previewed).toContain('Semaine type');

  await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByTestId('confirmation-schedule')).toHaveText(previewed, { useInnerText: true });

  const admin = await people.pageAs(await people.createUser({ role: 'admin' }), {
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: js,
  });
  await admin.goto(`/admin/events?eventId=${id}`);
  await expect(admin.getByRole('heading', { name: title })).toBeVisible();
  await expect(admin.getByTestId('preview-schedule')).toHaveText(previewed, { useInnerText: true });
});

// An outside tester could not untick « Mêmes horaires » under a refused end date: leaving the end date by pressing the
// box showed its message, which moved the box 53 px down before the press ended, and the click was lost.
test('un message qui paraît en quittant un champ ne fait pas manquer le clic qui l’a quitté @js-only', async ({
  page,
  signIn,
}) => {
  await start(page, signIn);
  const from = addDaysToDate(zurichToday(), 20);
  await page.getByRole('radio', { name: /^Une période/ }).check();
  await page.getByLabel('Date de début', { exact: true }).fill(from);
  const end = page.getByLabel('Date de fin (si plusieurs jours)', { exact: true });
  await end.fill(addDaysToDate(from, -5));
  const same = page.getByLabel('Mêmes horaires chaque jour d’ouverture');
  await expect(end).toBeFocused();
  // The real pointer, from the end date straight to the box: pressed, then released where it was pressed.
  await same.click();
  await expect(same).not.toBeChecked();
  await expect(page.locator('#field-endDate-error')).toHaveText('Le dernier jour doit être après le premier.');
});
