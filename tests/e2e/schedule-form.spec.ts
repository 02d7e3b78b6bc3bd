// The schedule part of the event form (issue 20, decision 041) when it is refused: with JavaScript, each message of
// the error summary leads to its schedule field; without, the message shows beside the field and the typed dates stay.
// Every schedule field is sent (a list of dates, a monthly rule), with and without JavaScript.
import type { Page } from '@playwright/test';
import { addDaysToDate, zurichToday } from '../../app/domain/dates';
import { expect, type Fixtures, test } from './fixtures';
import { fillEvent, openEventForm } from './utils';

const swiss = (ymd: string) => ymd.split('-').reverse().join('.');
const [first, second, third] = [20, 21, 22].map((d) => swiss(addDaysToDate(zurichToday(), d)));
/** Three dates, the second without its start time. */
const DATE_LIST = `${first} 20:00-22:00\n${second}\n${third} 17:00`;
const MISSING_TIME = `Ligne 2\u00a0: indiquez l’heure de début après la date, par exemple ${second} 20:00.`;

/** A new organizer, signed in, on the submit form with everything but the schedule filled. */
async function startSubmission(page: Page, signIn: Fixtures['signIn'], title: string) {
  const organizer = await openEventForm(page, signIn);
  await fillEvent(page, `${title} ${Date.now().toString(36)}`);
  return organizer;
}

test.describe('l’horaire du formulaire d’événement', () => {
  test('une date de la liste sans heure : le lien du résumé met le curseur dans la liste ; corrigée, la liste est enregistrée @js-only', async ({
    page,
    ports,
    signIn,
    removeAfter,
  }) => {
    const organizer = await startSubmission(page, signIn, 'Théâtre en tournée');
    await page.getByRole('radio', { name: 'Plusieurs dates' }).check();
    const list = page.getByLabel('Les dates, une par ligne, avec leurs heures');
    await list.fill(DATE_LIST);
    await page.getByRole('button', { name: 'Envoyer pour publication' }).click();

    const summary = page.getByTestId('form-errors');
    await expect(summary).toBeFocused();
    await summary.getByRole('link', { name: MISSING_TIME }).click();
    await expect(list).toBeFocused();
    await expect(list).toHaveValue(DATE_LIST);
    expect(await ports.store.events.listByOwner(organizer.uid)).toHaveLength(0);

    // Corrected, the list is sent and stored as three dates.
    await list.fill(DATE_LIST.replace(`${second}\n`, `${second} 20:00\n`));
    await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
    await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
    const [saved] = await ports.store.events.listByOwner(organizer.uid);
    removeAfter.event(saved.id);
    expect(saved.schedule).toMatchObject({ kind: 'dates' });
    expect(saved.schedule?.kind === 'dates' ? saved.schedule.dates.map((d) => d.start) : []).toEqual([
      '20:00',
      '20:00',
      '17:00',
    ]);
  });

  test('une répétition sans jour ni fin : chaque lien du résumé mène à son champ de la répétition @js-only', async ({
    page,
    ports,
    signIn,
  }) => {
    const organizer = await startSubmission(page, signIn, 'Marché');
    await page.getByRole('radio', { name: 'Une date qui se répète' }).check();
    await page.getByRole('button', { name: 'Envoyer pour publication' }).click();

    const summary = page.getByTestId('form-errors');
    await expect(summary).toBeFocused();
    await summary.getByRole('link', { name: 'Cochez au moins un jour de la semaine.' }).click();
    await expect(page.getByRole('checkbox', { name: 'lundi', exact: true })).toBeFocused();
    await summary.getByRole('link', { name: /^Indiquez quand la série se termine/ }).click();
    await expect(page.getByLabel('Jusqu’au (dernière date)')).toBeFocused();
    expect(await ports.store.events.listByOwner(organizer.uid)).toHaveLength(0);
  });

  test('une date de la liste sans heure : le message à côté de la liste, les dates gardées telles quelles @nojs-only', async ({
    page,
    ports,
    signIn,
  }) => {
    const organizer = await startSubmission(page, signIn, 'Théâtre en tournée');
    await page.getByRole('radio', { name: 'Plusieurs dates' }).check();
    await page.getByLabel('Les dates, une par ligne, avec leurs heures').fill(DATE_LIST);
    await page.getByRole('button', { name: 'Envoyer pour publication' }).click();

    // The server's answer: the same page, the choice and the list as typed, the message under the list.
    await expect(page.getByRole('radio', { name: 'Plusieurs dates' })).toBeChecked();
    const list = page.getByLabel('Les dates, une par ligne, avec leurs heures');
    await expect(list).toHaveValue(DATE_LIST);
    await expect(list).toHaveAttribute('aria-invalid', 'true');
    await expect(list).toHaveAccessibleDescription(new RegExp(`${MISSING_TIME.replace(/[.]/g, '\\.')}$`));
    await expect(page.getByTestId('schedule-fields').getByText(MISSING_TIME, { exact: true })).toBeVisible();
    await expect(page.getByTestId('form-errors').getByRole('link', { name: MISSING_TIME })).toHaveAttribute(
      'href',
      '#field-dateList',
    );
    expect(await ports.store.events.listByOwner(organizer.uid)).toHaveLength(0);
  });

  test('une répétition tous les deux mois le dernier jour de la semaine : « Répéter » et « Quel jour du mois ? » sont envoyés', async ({
    page,
    ports,
    signIn,
    removeAfter,
  }) => {
    const organizer = await startSubmission(page, signIn, 'Ciné-club');
    await page.getByRole('radio', { name: 'Une date qui se répète' }).check();
    await page.getByLabel('Répéter', { exact: true }).selectOption({ label: 'tous les 2 mois' });
    await page.getByLabel('Quel jour du mois').selectOption('last');
    await page.getByLabel('ou nombre de fois').fill('3');
    await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
    await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
    const [saved] = await ports.store.events.listByOwner(organizer.uid);
    removeAfter.event(saved.id);
    expect(saved.schedule).toMatchObject({ kind: 'rule', freq: 'monthly', interval: 2, count: 3 });
    expect(saved.schedule?.kind === 'rule' ? saved.schedule.monthly : null).toMatchObject({ mode: 'weekday', nth: -1 });
  });
});

test.describe('sur un téléphone de 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // An outside tester's finding: the choice read « le même jour de la semaine, à », cut by the select.
  test('« Quel jour du mois ? » sans JavaScript : chaque choix se lit en entier, ses exemples au-dessus @nojs-only', async ({
    page,
    signIn,
  }) => {
    await startSubmission(page, signIn, 'Ciné-club');
    await page.getByRole('radio', { name: 'Une date qui se répète' }).check();
    await page.getByLabel('Répéter', { exact: true }).selectOption({ label: 'chaque mois' });
    const monthly = page.getByLabel('Quel jour du mois');
    await expect(monthly).toHaveAccessibleDescription(/par exemple le 28, le 4e\u00a0samedi ou le dernier samedi/);
    for (const value of ['monthday', 'weekday', 'last']) {
      await monthly.selectOption(value);
      // The chosen option's text against the room the select gives it, its arrow left aside.
      const room = await monthly.evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return null;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = context.measureText(select.options[select.selectedIndex].text).width;
        return { text, room: select.clientWidth - Number.parseFloat(style.paddingLeft) - 32 };
      });
      expect(room?.text, value).toBeLessThan(room?.room ?? 0);
    }
  });
});
