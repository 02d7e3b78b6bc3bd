import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { CATEGORY_SLUGS } from '../../app/domain/categories';
import { zurichWallClock } from '../../app/domain/dates';
import type { AgendaEvent } from '../../app/domain/event';
import { dayHeading } from '../../app/domain/event-days';
import { dateWindow } from '../../app/domain/event-filters';
import { eventTimes } from '../../app/domain/event-form';
import { windowDays } from '../../app/domain/opening-text';
import { zurichDateIn } from '../support/factories';
import { expect, type Ports, test } from './fixtures';
import { unique } from './utils';

/**
 * The public events that have not ended (published or cancelled), soonest first, that pass `where`: read from the whole
 * list of the store and filtered here, not with the search under test. A series is one of them (decision 065), as the
 * list shows it; `dates`: one per date of a series, as the iCal feed gives them.
 */
const upcoming = async (
  { store }: Ports,
  where: (event: AgendaEvent) => boolean = () => true,
  { dates = false } = {},
) =>
  (
    await store.events.search({
      status: ['approved', 'cancelled'],
      endsAfter: new Date().toISOString(),
      oneRowPerEvent: !dates,
      limit: 100_000,
      offset: 0,
    })
  ).items.filter(where);

const cardTitles = (page: Page) => page.locator('.event-card__title').allInnerTexts();
/** What a card points at: an event, or a series at its next date (`?date=`). */
const cardLinks = (page: Page) =>
  page.locator('.event-card__title a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

/** Changes a filter the way the visitor would: with JS the list follows at once, without JS they press Filtrer. */
async function applyFilters(page: Page, javaScriptEnabled: boolean, change: () => Promise<unknown>) {
  const before = page.url();
  await change();
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page).not.toHaveURL(before);
}

test.describe('découverte des événements', () => {
  test('recherche sans accents ni majuscules : fete trouve « Fête », neuchatel trouve Neuchâtel @journey', async ({
    page,
    ports,
  }) => {
    const fetes = await upcoming(ports, (e) => e.title.includes('Fête'));
    expect(fetes.length).toBeGreaterThan(0);
    await page.goto('/evenements?q=fete');
    const titles = await cardTitles(page);
    for (const f of fetes.slice(0, 3)) expect(titles).toContain(f.title);
    await page.goto('/evenements?q=F%C3%8ATE');
    expect(await cardTitles(page)).toContain(fetes[0].title);
    await page.goto('/evenements?q=neuchatel');
    await expect(page.locator('.event-card').first()).toBeVisible();
    const count = await page.getByTestId('result-count').innerText();
    expect(Number.parseInt(count, 10)).toBeGreaterThanOrEqual(
      (await upcoming(ports, (e) => e.city === 'Neuchâtel')).length,
    );
  });

  test('chaque mot est un préfixe : « marc noel » trouve les marchés de Noël @once', async ({ page }) => {
    await page.goto('/evenements?q=marc+noel');
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.some((t) => /march[ée].*no[ëe]l/i.test(t))).toBe(true);
  });

  test('une recherche de type script est refusée avec le message de la spécification (400) @once', async ({ page }) => {
    const response = await page.goto('/evenements?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(response?.status()).toBe(400);
    await expect(page.getByTestId('search-error')).toHaveText('Recherche contient du contenu non autorisé');
    await expect(page.locator('.event-card')).toHaveCount(0);
    const long = await page.goto(`/evenements?q=${'a'.repeat(501)}`);
    expect(long?.status()).toBe(400);
    await expect(page.getByTestId('search-error')).toHaveText('Recherche trop longue (maximum 500 caractères)');
  });

  test('filtres catégorie et canton, combinés, restent dans l’URL @journey', async ({ page, ports }, testInfo) => {
    const js = testInfo.project.name === 'js';
    await page.goto('/evenements');
    await applyFilters(page, js, () => page.getByLabel('Catégorie', { exact: true }).selectOption('musique'));
    await expect(page).toHaveURL(/category=musique/);
    await applyFilters(page, js, () => page.getByLabel('Région', { exact: true }).selectOption('VD'));
    await expect(page).toHaveURL(/category=musique/);
    await expect(page).toHaveURL(/canton=VD/);
    const expected = await upcoming(ports, (e) => e.category === 'musique' && e.canton === 'VD');
    await expect(page.getByTestId('result-count')).toContainText(`${expected.length} événement`);
    expect((await cardTitles(page)).sort()).toEqual(
      expected
        .slice(0, 20)
        .map((e) => e.title)
        .sort(),
    );
    await page.getByRole('link', { name: 'Réinitialiser' }).click();
    await expect(page).toHaveURL('/evenements');
  });

  test('avec JavaScript, le premier filtre est une étape de l’historique, les suivants l’ajustent : Retour ramène à toute la liste @js-only', async ({
    page,
  }) => {
    await page.goto('/');
    await page.goto('/evenements');
    await applyFilters(page, true, () => page.getByLabel('Catégorie', { exact: true }).selectOption('musique'));
    await applyFilters(page, true, () => page.getByLabel('Gratuit', { exact: true }).check());
    await expect(page).toHaveURL(/category=musique.*gratuit=1|gratuit=1.*category=musique/);
    await page.goBack();
    await expect(page).toHaveURL('/evenements');
    await expect(page.getByLabel('Catégorie', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Gratuit', { exact: true })).not.toBeChecked();
    await page.goForward();
    await expect(page).toHaveURL(/category=musique.*gratuit=1|gratuit=1.*category=musique/);
    // An outside tester: filtered, opened an event, Back twice: the whole list came back with the filters still chosen.
    await page.locator('.event-card a').first().click();
    await expect(page).toHaveURL(/\/evenement\//);
    await page.goBack();
    await expect(page.getByLabel('Catégorie', { exact: true })).toHaveValue('musique');
    await page.goBack();
    await expect(page).toHaveURL('/evenements');
    await expect(page.getByLabel('Catégorie', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Gratuit', { exact: true })).not.toBeChecked();
  });

  // An outside tester's finding: on a desktop, Tab stopped on the phone sheet's « Fermer les filtres », drawn nowhere.
  test('sur un ordinateur, le bouton qui ferme le panneau du téléphone n’est pas un arrêt du clavier @js-only', async ({
    page,
  }) => {
    await page.goto('/evenements?canton=VD');
    await expect(page.locator('#filtres')).toHaveClass(/is-enhanced/);
    const close = page.locator('.filters-panel__close');
    await expect(close).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByTestId('filter-bar')
      .getByRole('button', { name: /Filtres/ })
      .click();
    // The same button, where there is a sheet to close.
    await expect(close).toBeVisible();
    await expect(close).toHaveAccessibleName('Fermer les filtres');
  });

  test('imprimées, la liste et une fiche gardent leur contenu, sans menus, filtres, carte ni bandeaux @once', async ({
    page,
  }) => {
    await page.goto('/evenements');
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.event-card').first()).toBeVisible();
    for (const screenOnly of ['.site-header__search', '.filter-bar', '.view-toggle', '.site-footer', '.cookie-banner'])
      await expect(page.locator(screenOnly).first()).toBeHidden();
    const title = (await page.locator('.event-card__title a').first().getAttribute('href')) ?? '';
    await page.goto(title);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.getByTestId('venue-address')).toBeVisible();
    await expect(page.getByTestId('price')).toBeVisible();
    for (const screenOnly of ['.event-bar', '.events-map', '.event-place__actions', '#ajouter-au-calendrier'])
      await expect(page.locator(screenOnly).first()).toBeHidden();
    // The same page on a screen: the calendar's buttons are there.
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('#ajouter-au-calendrier')).toBeVisible();
  });

  test('filtres gratuit, en famille et accessible @once', async ({ page, ports }, testInfo) => {
    const js = testInfo.project.name === 'js';
    await page.goto('/evenements');
    await applyFilters(page, js, () => page.getByLabel('Gratuit', { exact: true }).check());
    await expect(page.getByTestId('result-count')).toContainText(
      `${(await upcoming(ports, (e) => e.isFree)).length} événement`,
    );
    for (const tag of await page.locator('.event-card').all()) await expect(tag).toContainText('Gratuit');
    await page.goto('/evenements?famille=1');
    for (const tag of await page.locator('.event-card').all()) await expect(tag).toContainText('En famille');
    // The count, as a screen reader reads it after a change, names the selection: each box ticked too.
    await expect(page.getByTestId('result-count')).toContainText(' · en famille');
    await page.goto('/evenements?accessible=1');
    await expect(page.getByTestId('result-count')).toContainText(
      `${(await upcoming(ports, (e) => e.accessibility.wheelchair)).length} événement`,
    );
    await expect(page.getByTestId('result-count')).toContainText(' · accessible');
  });

  test('raccourcis de date : aujourd’hui, ce week-end, et un intervalle', async ({ page, createEvent }, testInfo) => {
    const js = testInfo.project.name === 'js';
    // Today's demo events may all be over by the evening: one of its own, all day long (Zurich time).
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(new Date());
    await createEvent(eventTimes({ startDate: day, startTime: '', endDate: day, endTime: '', allDay: true }));
    await page.goto('/evenements');
    await applyFilters(page, js, () => page.getByLabel('Quand', { exact: true }).selectOption('aujourdhui'));
    await expect(page).toHaveURL(/quand=aujourdhui/);
    // The list is grouped by day: today's heading, or « En cours » for what began before and still runs.
    const headings = page.locator('.day-group__heading');
    // The new page may still be loading when its address shows: wait for its first card.
    await expect(page.locator('.event-card').first()).toBeVisible();
    // The heading as the list writes it: with its year when the day is not in this year (a weekend from 31 December).
    const spaced = (text: string) => text.replace(/\s+/g, ' ');
    const headingOf = (d: string) => spaced(dayHeading(d, new Date()));
    const today = headingOf(day);
    for (const heading of await headings.allInnerTexts()) {
      expect(heading === 'En cours' || spaced(heading) === today, heading).toBe(true);
    }
    await page.goto('/evenements?quand=week-end');
    await expect(page.locator('.event-card').first()).toBeVisible();
    // Every heading is a day of the weekend asked for: what began before it and still runs stands under its first day
    // (« En cours » only when the weekend has begun).
    // From Friday 17:00: the Friday evening's day, then Saturday and Sunday.
    const window = dateWindow({ when: 'week-end', from: '', to: '' });
    const evening = window ? [zurichWallClock(window.start).date] : [];
    const weekend = [...new Set([...evening, ...windowDays(window)])].map(headingOf);
    const begun = weekend[0] === today;
    for (const heading of await headings.allInnerTexts()) {
      const named = weekend.includes(spaced(heading));
      expect(named || (begun && heading === 'En cours'), heading).toBe(true);
    }
    await page.goto('/evenements?du=2099-01-01&au=2099-01-31');
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await expect(page.getByRole('link', { name: 'À toutes les dates' })).toBeVisible();
  });

  test('des dates tapées sur « Ce week-end » : la liste les applique et « Quand » revient à « Toutes les dates »', async ({
    page,
    createEvent,
  }, testInfo) => {
    const js = testInfo.project.name === 'js';
    const title = unique('Brocante des dates');
    const word = title.split(' ').at(-1) as string;
    const day = zurichDateIn(20);
    const times = eventTimes({ startDate: day, startTime: '09:00', endDate: day, endTime: '16:00', allDay: false });
    await createEvent({ title, startsAt: times.startsAt, endsAt: times.endsAt });
    // As the home's « Ce week-end » leaves it, with a word of this test's event.
    await page.goto(`/evenements?quand=week-end&q=${word}`);
    const when = page.getByLabel('Quand', { exact: true });
    await expect(when).toHaveValue('week-end');
    await applyFilters(page, js, async () => {
      await page.getByLabel('Du', { exact: true }).fill(day);
      await page.getByLabel('Au', { exact: true }).fill(day);
    });
    await expect(page).toHaveURL(new RegExp(`au=${day}`));
    await expect(page.locator('.event-card__title')).toHaveText([title]);
    await expect(when).toHaveValue('');
    await expect(page.getByLabel('Du', { exact: true })).toHaveValue(day);
    await expect(page.getByTestId('filter-bar')).not.toContainText('Ce week-end');
    // Without JavaScript both were sent: the list says which won, and leads to the weekend instead. With it, the form
    // emptied « Quand » before sending.
    const aside = page.getByTestId('when-set-aside');
    if (!js) {
      await expect(aside).toHaveText('Vos dates l’emportent sur « Ce week-end ». Voir plutôt ce week-end');
      await aside.getByRole('link', { name: 'Voir plutôt ce week-end' }).click();
      await expect(page).toHaveURL(/quand=week-end/);
      await expect(page).not.toHaveURL(/du=|au=/);
      await expect(when).toHaveValue('week-end');
      await expect(aside).toHaveCount(0);
      return;
    }
    await expect(aside).toHaveCount(0);
    // With JavaScript, the other way too: « Ce week-end » chosen empties the dates, and the list is the weekend's.
    await applyFilters(page, true, () => when.selectOption('week-end'));
    await expect(page).toHaveURL(/quand=week-end/);
    await expect(page).not.toHaveURL(/du=|au=/);
    await expect(page.getByLabel('Du', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Au', { exact: true })).toHaveValue('');
  });

  test('avec JavaScript, des dates tapées au clavier : la liste attend l’année entière, et un intervalle à l’envers se remet à l’endroit dans le formulaire @js-only', async ({
    page,
  }) => {
    await page.goto('/evenements');
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/evenements') && url.searchParams.has('du'))
        asked.push(url.searchParams.get('du') ?? '');
    });
    // Chromium here reads mm/dd/yyyy: the year comes digit by digit (0002, 0020, 0202, 2026…).
    const [later, sooner] = [zurichDateIn(30), zurichDateIn(25)];
    const typed = (ymd: string) => `${ymd.slice(5, 7)}${ymd.slice(8, 10)}${ymd.slice(0, 4)}`;
    await page.getByLabel('Du', { exact: true }).pressSequentially(typed(later));
    await expect(page).toHaveURL(new RegExp(`du=${later}`));
    expect(
      asked.every((du) => du === later),
      asked.join(', '),
    ).toBe(true);
    await page.getByLabel('Au', { exact: true }).pressSequentially(typed(sooner));
    await expect(page).toHaveURL(new RegExp(`au=${later}`));
    // The form shows the range the list applies: from the sooner day to the later one.
    await expect(page.getByLabel('Du', { exact: true })).toHaveValue(sooner);
    await expect(page.getByLabel('Au', { exact: true })).toHaveValue(later);
  });

  test('les champs « Du » et « Au » montrent la date entière, sur un ordinateur comme sur un téléphone @once', async ({
    page,
  }) => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/evenements?du=${zurichDateIn(20)}&au=${zurichDateIn(22)}`);
      // On a phone with JavaScript, the filters are in the panel « Filtres » opens.
      if (viewport.width < 600) await page.getByRole('button', { name: /Filtres/ }).click();
      for (const label of ['Du', 'Au']) {
        const field = page.getByLabel(label, { exact: true });
        await expect(field).toBeVisible();
        // « 18.12.2026 » and the calendar button fit in 150 px at the field's 17 px in Chromium (seen): 9 times the font
        // size leaves a margin. At 1280 px, side by side in the filter column, each had 123 px and showed « 12/18/20 ».
        const [width, fontSize] = await field.evaluate((input) => [
          input.getBoundingClientRect().width,
          Number.parseFloat(getComputedStyle(input).fontSize),
        ]);
        expect(width, `${label} à ${viewport.width} px`).toBeGreaterThanOrEqual(9 * fontSize);
      }
    }
  });

  test('des dates passées : « Ces dates sont passées », sans alerte ni flux ; chaque issue dit ce qu’elle trouve @once', async ({
    page,
  }) => {
    const yesterday = zurichDateIn(-1);
    await page.goto(`/evenements?au=${yesterday}&q=concert`);
    // The tab names the selection, the text and the dates included; the chip says where the list ends.
    const day = yesterday.split('-').reverse().join('.');
    await expect(page).toHaveTitle(`Événements\u00a0: jusqu’au ${day} · «\u00a0concert\u00a0» · Agenda romand`);
    await expect(page.getByTestId('filter-bar')).toContainText(`Jusqu’au ${day.slice(0, 5)}`);
    const empty = page.getByTestId('empty-state');
    await expect(empty.getByRole('heading', { name: 'Ces dates sont passées' })).toBeVisible();
    await expect(page.locator('.event-card')).toHaveCount(0);
    await expect(page.getByTestId('alert-subscribe')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'calendrier (iCal)' })).toHaveCount(0);
    // The dates widened: the text's events to come, with how many.
    await expect(empty.getByRole('listitem').first()).toHaveText(/^À toutes les dates \(\d+ événements?\)$/);
    await empty.getByRole('link', { name: 'À toutes les dates' }).click();
    await expect(page).toHaveURL(/\/evenements\?q=concert$/);
    await expect(page.locator('.event-card').first()).toBeVisible();
  });

  test('pagination de 20 en 20, liens utilisables sans JS', async ({ page, createEvent }) => {
    // Its own 41 results, found by a word no other event has: other tests create and approve events meanwhile, and one
    // dated earlier would shift the whole list by one between two loads. Same day and hour: the title breaks the tie.
    const word = unique('Vannerie').split(' ')[1];
    const titles = Array.from({ length: 41 }, (_, i) => `Vannerie ${word} n° ${String(i + 1).padStart(2, '0')}`);
    const ids = new Map<string, string>();
    for (const title of titles) ids.set(title, (await createEvent({ title })).id);
    const hrefs = (from: number, to: number) => titles.slice(from, to).map((t) => `/evenement/${ids.get(t)}`);
    await page.goto(`/evenements?q=${word}`);
    await expect(page.locator('.event-card')).toHaveCount(20);
    expect(await cardLinks(page)).toEqual(hrefs(0, 20));
    await page.getByRole('link', { name: 'Suivant →' }).click();
    // « Suivant » says where page 2 starts: after page 1's last result (issue 69).
    await expect(page).toHaveURL(new RegExp(`/evenements\\?q=${word}&page=2&apres=[^&#]+#resultats$`));
    await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('2');
    expect(await cardLinks(page)).toEqual(hrefs(20, 40));
    // The tab says which page it is (two tabs, two history entries).
    await expect(page).toHaveTitle(`Événements\u00a0: «\u00a0${word}\u00a0», page 2 · Agenda romand`);
    await page.getByRole('link', { name: 'Page 3' }).click();
    await expect(page).toHaveURL(`/evenements?q=${word}&page=3#resultats`);
    await expect(page.locator('.event-card')).toHaveCount(1);
    expect(await cardLinks(page)).toEqual(hrefs(40, 41));
    await expect(page.getByRole('link', { name: 'Suivant →' })).toHaveCount(0);
    // A page past the end (an old link): the last one, not « Aucun événement » under « 41 événements ».
    await page.goto(`/evenements?q=${word}&page=99`);
    await expect(page).toHaveURL(`/evenements?q=${word}&page=3`);
    expect(await cardLinks(page)).toEqual(hrefs(40, 41));
  });

  test('la fiche d’un événement montre tout ce qu’il faut pour y aller @journey @once', async ({ page, ports }) => {
    const [event] = await upcoming(
      ports,
      (e) => e.status === 'approved' && !e.isFree && e.venueName !== '' && e.lat !== null,
    );
    await page.goto(`/evenement/${event.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
    await expect(page.getByTestId('price')).toContainText('CHF');
    await expect(page.getByRole('link', { name: 'Google Agenda' })).toHaveAttribute(
      'href',
      /calendar\.google\.com.*ctz=Europe%2FZurich/,
    );
    await expect(page.getByRole('link', { name: /transports publics/ })).toHaveAttribute('href', /sbb\.ch.*an=true/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({ '@type': 'Event', name: event.title, offers: { priceCurrency: 'CHF' } });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/evenement/${event.id}$`));
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain(event.title);
    await expect(page.locator('.similar .event-card').first()).toBeVisible();
  });

  test('le fichier calendrier se télécharge @once', async ({ page, ports }) => {
    const [event] = await upcoming(ports, (e) => e.status === 'approved');
    await page.goto(`/evenement/${event.id}`);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: /Fichier \.ics/ }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const content = fs.readFileSync((await download.path()) as string, 'utf8');
    expect(content).toContain('BEGIN:VCALENDAR');
    expect(content).toContain('TZID:Europe/Zurich');
    expect(content.replace(/\r?\n /g, '')).toContain(`SUMMARY:${event.title.replace(/([,;])/g, '\\$1')}`);
  });

  test('un événement en attente est introuvable pour le public, visible par son organisateur avec un bandeau @once', async ({
    page,
    createUser,
    createEvent,
    loginAs,
  }) => {
    const organizer = await createUser();
    const pending = await createEvent({ status: 'pending', createdBy: organizer.uid });
    const response = await page.goto(`/evenement/${pending.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await loginAs(page, organizer);
    await page.goto(`/evenement/${pending.id}`);
    await expect(page.getByTestId('status-banner')).toContainText('en attente de modération');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pending.title);
  });

  test('un événement annulé reste visible avec un badge @once', async ({ page, ports }) => {
    const [cancelled] = await upcoming(ports, (e) => e.status === 'cancelled');
    await page.goto(`/evenement/${cancelled.id}`);
    await expect(page.getByTestId('cancelled-badge')).toHaveText('Annulé');
    // Read aloud or copied, the category and the badge are two words (« Sports & loisirs Annulé »), not one.
    await expect(page.locator('.event-detail__header > p').first()).toHaveText(/\S \s*Annulé$/);
  });
});

test.describe('carte', () => {
  test('la bascule liste/carte montre les résultats filtrés en marqueurs groupés @js-only', async ({ page, ports }) => {
    await page.goto('/evenements?canton=VS');
    await page.getByRole('link', { name: 'Carte', exact: true }).click();
    await expect(page).toHaveURL(/vue=carte/);
    const map = page.getByTestId('events-map');
    await expect(map).toBeVisible();
    // One marker per event, a series included (the list has a row per date).
    const expected = new Set((await upcoming(ports, (e) => e.canton === 'VS' && e.lat !== null)).map((e) => e.id)).size;
    await expect(map).toHaveAttribute('data-points', String(expected));
    await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
    const icon = await page.locator('img.leaflet-marker-icon').first().getAttribute('src');
    // Marker images come from our own bundle (inlined or /assets), never from a CDN.
    expect(icon).not.toMatch(/^https?:/);
  });

  test('sans JavaScript, la vue carte garde le chemin vers la liste, sans excuse @nojs-only', async ({ page }) => {
    await page.goto('/evenements?vue=carte');
    await expect(page.getByText('Ces événements sont aussi en liste')).toBeVisible();
    await page.getByRole('link', { name: 'Voir ces événements en liste' }).click();
    await expect(page.locator('.event-card').first()).toBeVisible();
  });
});

test.describe('accueil, flux et référencement', () => {
  test('l’accueil propose ce week-end, les incontournables, les catégories avec leur nombre et les partenaires @journey @once', async ({
    page,
    ports,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'À ne pas manquer' })).toBeVisible();
    // The seeded 12 first, in order (categories that admin tests create meanwhile come after them).
    const tiles = page.locator('.category-tile');
    const tileHrefs = await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(tileHrefs.slice(0, CATEGORY_SLUGS.length)).toEqual(
      CATEGORY_SLUGS.map((slug) => `/evenements?category=${slug}`),
    );
    // The same figure as the store's list of public music events (other tests may publish or remove one meanwhile:
    // then both are read again).
    const tileCount = page.locator('a.category-tile[href="/evenements?category=musique"] .category-tile__count');
    await expect(async () => {
      const musique = (await upcoming(ports, (e) => e.category === 'musique')).length;
      await page.goto('/');
      await expect(tileCount).toContainText(String(musique), { timeout: 1_000 });
    }).toPass({ intervals: [500, 1_000, 2_000], timeout: 20_000 });
    // The seeded partners, in order (partners that admin tests create meanwhile come after them).
    // The store lists partners before donors, each in their order.
    const seeded = (await ports.store.partners.list()).filter((p) => p.logo?.startsWith('/images/partners/'));
    expect(seeded).toHaveLength(8);
    const alts = await page.locator('.partner-strip img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')));
    expect(alts.filter((alt) => seeded.some((p) => p.name === alt))).toEqual(seeded.map((p) => p.name));
    await page.getByRole('searchbox', { name: 'Rechercher un événement' }).first().fill('noel');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL('/evenements?q=noel');
  });

  test('la carte de l’accueil se charge quand on l’approche @js-only', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Ce mois sur la carte' }).scrollIntoViewIfNeeded();
    const map = page.getByTestId('events-map');
    await expect(map).toBeVisible();
    expect(Number(await map.getAttribute('data-points'))).toBeGreaterThan(0);
  });

  test('flux iCal et RSS filtrés, sitemap et robots @journey @http', async ({ request, ports }) => {
    const ics = await request.get('/evenements.ics?category=musique&canton=VD');
    expect(ics.headers()['content-type']).toContain('text/calendar');
    const body = await ics.text();
    expect(body.match(/BEGIN:VEVENT/g)?.length).toBe(
      (await upcoming(ports, (e) => e.category === 'musique' && e.canton === 'VD', { dates: true })).length,
    );
    const rss = await request.get('/evenements.rss?gratuit=1');
    expect(rss.headers()['content-type']).toContain('application/rss+xml');
    expect((await rss.text()).match(/<item>/g)?.length).toBe((await upcoming(ports, (e) => e.isFree)).length);
    // An index of files (decision 159): the event is in one of its files of events.
    const index = await (await request.get('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>[^<]*(\/sitemap-[^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    const sitemap = (await Promise.all(files.map(async (file) => (await request.get(file)).text()))).join('');
    const [one] = await upcoming(ports, (e) => e.status === 'approved');
    expect(sitemap).toContain(`/evenement/${one.id}</loc>`);
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
  });
});
