// A series as the public sees it (issue 33, decisions 065–067), on a 390×844 phone, with and without JavaScript: one
// card in a search, the search in date order under day headings, « Quand » of a weekly series with exclusions and of
// an exhibition, Google Agenda's link with its rule, a cancelled date « Annulé » on the page, in the API and the .ics,
// the way there, the desktop header, and the tap targets of every public page of the guard matrix.
import ical, { type VEvent } from 'node-ical';
import { setDateCancelled } from '../../app/.server/events/cancel-date';
import { expandSchedule, scheduleSpan } from '../../app/.server/schedule/schedule-expand';
import {
  addDaysToDate,
  formatCalendarDay,
  formatDate,
  formatTime,
  zurichIso,
  zurichToday,
} from '../../app/domain/dates';
import type { AgendaEvent } from '../../app/domain/event';
import type { Schedule, ScheduleRule } from '../../app/domain/schedule';
import { weekdayOf } from '../../app/domain/schedule';
import { openBounds } from '../../app/domain/schedule-days';
import { FAUBOURG_HALL, makeTuesdayClass } from '../support/factories';
import { expect, type Fixtures, test } from './fixtures';
import { unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

/** The next day of this weekday after tomorrow (YYYY-MM-DD). */
function nextWeekday(weekday: string, after = 2): string {
  let day = addDaysToDate(zurichToday(), after);
  while (weekdayOf(day) !== weekday) day = addDaysToDate(day, 1);
  return day;
}

/** Every Tuesday 18:30–20:00, ten times, the third one excluded (RFC 5545: nine dates). */
function tuesdays(): ScheduleRule {
  const first = nextWeekday('TU');
  return makeTuesdayClass({ firstDate: first, count: 10, exclude: [addDaysToDate(first, 14)] });
}

/** A published series, its dates spanning the event's own. */
async function createSeries(
  createEvent: Fixtures['createEvent'],
  schedule: Schedule,
  overrides: Partial<AgendaEvent> = {},
) {
  const span = scheduleSpan(schedule);
  if (!span) throw new Error('série vide');
  return createEvent({ status: 'approved', schedule, ...span, ...overrides });
}

/**
 * A page of the app, asked again until what it shows is what the store holds (on Firestore the server's mirror follows
 * a write a moment later). The query's `essai` makes each visit its own address for the page cache.
 */
async function visit(page: import('@playwright/test').Page, url: string, ready: () => Promise<void>) {
  await expect(async () => {
    await page.goto(`${url}${url.includes('?') ? '&' : '?'}essai=${Date.now()}`);
    await ready();
  }).toPass({ timeout: 20_000 });
}

const swissDay = (ymd: string) => formatCalendarDay(ymd, 'weekdayYear');

test.describe('une série pour le public', () => {
  test('une recherche du titre d’une série montre une seule carte « Chaque mardi · 18:30 · 9 dates » @journey @once', async ({
    page,
    createEvent,
  }) => {
    const title = unique('Salsa du mardi');
    const schedule = tuesdays();
    await createSeries(createEvent, schedule, { title });
    const cards = page.locator('.event-card');
    await visit(page, `/evenements?q=${encodeURIComponent(title)}`, async () => {
      await expect(cards).toHaveCount(1, { timeout: 1_000 });
    });
    await expect(cards).toContainText(title);
    await expect(cards.locator('.event-card__when')).toHaveText('Chaque mardi · 18:30 · 9 dates');
    // Under the day of its next date, which its time names.
    const first = expandSchedule(schedule)[0];
    await expect(cards.locator('time')).toHaveAttribute('datetime', first.startsAt);
    await expect(page.getByTestId('result-count')).toContainText('1 événement, 9 dates');
    // Its link opens that date.
    await expect(cards.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      new RegExp(`^/evenement/[a-z0-9]+\\?date=${schedule.firstDate}$`),
    );
  });

  test('la recherche suit l’ordre des dates sous les titres de jours, la pertinence ne passe pas devant @once', async ({
    page,
    createEvent,
  }) => {
    const word = `Zorbalune${Date.now().toString(36)}`;
    const on = (days: number) => {
      const day = addDaysToDate(zurichToday(), days);
      return { startsAt: zurichIso(day, '20:00'), endsAt: zurichIso(day, '22:00') };
    };
    // The word in the title matters most, yet that event comes last: it is the furthest.
    const far = await createEvent({ title: `${word} en plein titre`, ...on(9) });
    const near = await createEvent({
      title: unique('Conte du soir'),
      description: `Un conte ${word} pour toute la famille, au coin du feu.`,
      ...on(2),
    });
    const middle = await createEvent({
      title: unique('Atelier d’écriture'),
      description: `Écrire comme ${word}, un soir par mois, en petit groupe.`,
      ...on(5),
    });
    const titles = page.locator('.event-card__title');
    await visit(page, `/evenements?q=${word}`, async () => {
      await expect(titles).toHaveCount(3, { timeout: 1_000 });
    });
    await expect(titles).toHaveText([near.title, middle.title, far.title]);
    const headings = page.locator('.day-group__heading');
    await expect(headings).toHaveCount(3);
    for (const [i, event] of [near, middle, far].entries()) {
      const day = zurichToday(new Date(event.startsAt));
      const heading = formatCalendarDay(day, day.slice(0, 4) === zurichToday().slice(0, 4) ? 'weekday' : 'weekdayYear');
      await expect(headings.nth(i)).toHaveText(heading.charAt(0).toUpperCase() + heading.slice(1));
    }
  });

  test('« Quand » d’une série hebdomadaire : sa règle, ses prochaines dates, toutes sur demande, et Google Agenda avec sa règle', async ({
    page,
    createEvent,
  }) => {
    const schedule = tuesdays();
    const event = await createSeries(createEvent, schedule, { title: unique('Cours de salsa') });
    const dates = expandSchedule(schedule);
    await page.goto(`/evenement/${event.id}`);
    // Under the title, the next date, once; no « Du … au … » of the whole series anywhere.
    await expect(page.getByTestId('series-when')).toHaveText(/^Prochaine date\u00a0: mardi .+, 18:30 – 20:00$/);
    await expect(page.locator('main')).not.toContainText(`Du ${swissDay(schedule.firstDate)}`);
    const when = page.getByTestId('event-when');
    await expect(when.getByRole('heading', { name: 'Quand' })).toBeVisible();
    const excluded = schedule.exclude[0];
    const excludedDay = Number(excluded.slice(8));
    await expect(when.getByTestId('series-rule')).toHaveText(
      new RegExp(
        `^Chaque mardi, 18:30–20:00, 10 fois à partir du .+, sauf le ${excludedDay === 1 ? '1er' : excludedDay} `,
      ),
    );
    const next = when.getByTestId('next-dates').getByTestId('series-date');
    await expect(next).toHaveCount(5);
    // The four others behind « Les 4 dates suivantes », opened without a script (details/summary), none of the five
    // above repeated: together, the series' nine dates in order.
    await when.getByText('Les 4 dates suivantes').click();
    const all = when.getByTestId('all-dates').getByTestId('series-date');
    await expect(all).toHaveCount(4);
    const times = [...(await next.locator('time').all()), ...(await all.locator('time').all())];
    expect(await Promise.all(times.map((time) => time.getAttribute('datetime')))).toEqual(
      dates.map((date) => date.startsAt),
    );
    await expect(when.getByTestId('all-dates')).not.toContainText(swissDay(excluded).replace(/ \d{4}$/, ''));
    // Google Agenda: one repeating entry from the next date, its rule and its exclusion.
    const google = new URL((await page.getByRole('link', { name: 'Google Agenda' }).getAttribute('href')) ?? '');
    const recur = google.searchParams.get('recur') ?? '';
    expect(recur).toMatch(/^RRULE:FREQ=WEEKLY;BYDAY=TU;WKST=MO;UNTIL=\d{8}T\d{6}Z\nEXDATE:\d{8}T\d{6}Z$/);
    const stamp = (iso: string) =>
      new Date(iso)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(recur).toContain(`EXDATE:${stamp(zurichIso(excluded, '18:30'))}`);
    expect(google.searchParams.get('dates')).toBe(`${stamp(dates[0].startsAt)}/${stamp(dates[0].endsAt)}`);
    expect(google.searchParams.get('ctz')).toBe('Europe/Zurich');
    // No date is this page's; on the page of the eighth, that one is marked and the later dates are open.
    await expect(when.locator('[aria-current="date"]')).toHaveCount(0);
    await page.goto(`/evenement/${event.id}?date=${zurichToday(new Date(dates[7].startsAt))}`);
    await expect(when.getByTestId('all-dates')).toBeVisible();
    const current = when.locator('[aria-current="date"]');
    await expect(current).toHaveCount(1);
    await expect(current.locator('time')).toHaveAttribute('datetime', dates[7].startsAt);
  });

  test('« Quand » d’une exposition : ses jours, ses heures par jour, ses fermetures, ouverte ou fermée le jour regardé @once', async ({
    page,
    createEvent,
  }) => {
    const from = addDaysToDate(zurichToday(), -3);
    const to = addDaysToDate(zurichToday(), 60);
    const closed = addDaysToDate(zurichToday(), 20);
    const schedule: Schedule = {
      kind: 'period',
      from,
      to,
      hours: Object.fromEntries(
        (['TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const).map((d) => [
          d,
          d === 'TH' ? { open: '10:00', close: '20:00' } : { open: '10:00', close: '18:00' },
        ]),
      ),
      closed: [closed],
    };
    const event = await createSeries(createEvent, schedule, { title: unique('Exposition Horlogers') });
    const before = formatTime(new Date().toISOString());
    await page.goto(`/evenement/${event.id}`);
    const after = formatTime(new Date().toISOString());
    // The line under the title is never empty: until when, and today's opening (once closed, what comes next).
    const today = zurichToday();
    const todayOpen = weekdayOf(today) !== 'MO' && today !== closed;
    const close = weekdayOf(today) === 'TH' ? '20:00' : '18:00';
    // The page was made between `before` and `after`: at closing time, either is right.
    const said = [before, after].map((time) =>
      !todayOpen ? 'fermé aujourd’hui' : time >= close ? 'fermé pour aujourd’hui' : 'ouvert aujourd’hui',
    );
    await expect(page.getByTestId('series-when')).toHaveText(
      new RegExp(`^Jusqu’au ${formatCalendarDay(openBounds(schedule).to)} · (${[...new Set(said)].join('|')})`),
    );
    const when = page.getByTestId('event-when');
    // From its first open day to its last (a closed Monday at either end is not one), as its bar (issue 47).
    const open = openBounds(schedule);
    await expect(when).toContainText(`Du ${formatCalendarDay(open.from)} au ${formatCalendarDay(open.to)}`);
    const rows = when.getByTestId('opening-hours').locator('tbody tr');
    await expect(rows).toHaveText([
      'LundiFermé',
      'Mardi10:00–18:00',
      'Mercredi10:00–18:00',
      'Jeudi10:00–20:00',
      'Vendredi10:00–18:00',
      'Samedi10:00–18:00',
      'Dimanche10:00–18:00',
    ]);
    await expect(when.getByTestId('closed-days')).toHaveText(`Fermé aussi le ${swissDay(closed)}.`);
    // The day looked at (a card of « demain » or « ce week-end » links to it): its own opening.
    await page.goto(`/evenement/${event.id}?date=${closed}`);
    await expect(page.getByTestId('opening')).toHaveText(
      `Fermé le ${formatCalendarDay(closed, closed.slice(0, 4) === today.slice(0, 4) ? 'weekday' : 'weekdayYear')}`,
    );
    let thursday = addDaysToDate(today, 2);
    while (weekdayOf(thursday) !== 'TH' || thursday === closed) thursday = addDaysToDate(thursday, 1);
    await page.goto(`/evenement/${event.id}?date=${thursday}`);
    await expect(page.getByTestId('opening')).toHaveText(/^Ouvert (demain|le jeudi .+) 10:00–20:00$/);
    // Google Agenda: one all-day entry over its days, its hours said first; the .ics likewise, as free time.
    const google = new URL((await page.getByRole('link', { name: 'Google Agenda' }).getAttribute('href')) ?? '');
    expect(google.searchParams.get('dates')).toBe(
      `${open.from.replace(/-/g, '')}/${addDaysToDate(open.to, 1).replace(/-/g, '')}`,
    );
    expect(google.searchParams.get('recur')).toBeNull();
    expect(google.searchParams.get('details')).toMatch(
      /^Du .+, mardi–dimanche 10:00–18:00, jeudi 10:00–20:00, fermé le lundi et le /,
    );
    const ics = (await (await page.request.get(`/evenement/${event.id}/calendrier.ics`)).text()).replace(/\r?\n /g, '');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${open.from.replace(/-/g, '')}`);
    expect(ics).toContain('TRANSP:TRANSPARENT');
    // Its card in the list: the opening line below its title in size and weight, not above it (issue 47).
    await page.goto(`/evenements?q=${encodeURIComponent(event.title)}`);
    const card = page.locator('article', { hasText: event.title });
    const look = (selector: string) =>
      card.locator(selector).evaluate((el) => {
        const style = getComputedStyle(el);
        return { size: Number.parseFloat(style.fontSize), weight: Number(style.fontWeight) };
      });
    const [title, opening] = [await look('.event-card__title'), await look('.event-card__opening')];
    expect(opening.size).toBeLessThan(title.size);
    expect(opening.weight).toBeLessThan(title.weight);
  });

  test('une date annulée se lit « Annulé » sur la fiche, dans l’API et dans le .ics ; la carte passe à la suivante @journey @once', async ({
    page,
    ports,
    createUser,
    createEvent,
  }) => {
    const organizer = await createUser({ displayName: 'Salsa Club' });
    const schedule = tuesdays();
    const title = unique('Salsa du club');
    const event = await createSeries(createEvent, schedule, { title, createdBy: organizer.uid });
    const dates = expandSchedule(schedule);
    // Cancelled by its organizer through the use case the dashboard calls (no moderation: not content).
    await setDateCancelled(ports, organizer, { eventId: event.id, startsAt: dates[0].startsAt, cancelled: true });

    await visit(page, `/evenement/${event.id}`, async () => {
      await expect(page.getByTestId('next-dates').getByTestId('series-date').first()).toContainText('Annulé', {
        timeout: 1_000,
      });
    });
    const next = page.getByTestId('next-dates').getByTestId('series-date');
    await expect(next.filter({ hasText: 'Annulé' })).toHaveCount(1);
    // Under the title (decision 162): the cancelled date first, struck and said « Annulé », then the one that takes place.
    const when = page.getByTestId('series-when');
    await expect(when.locator('time').first()).toHaveAttribute('datetime', dates[0].startsAt);
    await expect(when).toContainText('Annulé');
    await expect(when.locator('time').last()).toHaveAttribute('datetime', dates[1].startsAt);

    // The list: one card, at the next date not cancelled, not marked « Annulé ».
    const card = page.locator('.event-card');
    await visit(page, `/evenements?q=${encodeURIComponent(title)}`, async () => {
      await expect(card.locator('time')).toHaveAttribute('datetime', dates[1].startsAt, { timeout: 1_000 });
    });
    await expect(card).toHaveCount(1);
    await expect(card).not.toContainText('Annulé');

    // The API: that date says it, in occurrences; the series stands at its next date.
    const api = await (
      await page.request.get(`/api/v1/events?q=${encodeURIComponent(title)}&fields=cancelled,startsAt`)
    ).json();
    expect(api.data.map((e: { cancelled: boolean }) => e.cancelled)).toEqual(dates.map((_, i) => i === 0));
    const grouped = await (
      await page.request.get(`/api/v1/events?q=${encodeURIComponent(title)}&group=series&fields=cancelled,series`)
    ).json();
    expect(grouped.data).toHaveLength(1);
    // Its dates that take place: the cancelled one is not counted (as on its card, « · 8 dates »).
    expect(grouped.data[0]).toMatchObject({ cancelled: false, series: { kind: 'rule', matchingDates: 8 } });

    // The .ics: the date stays in the rule, overridden as cancelled, « Annulé : » in its title.
    const text = await (await page.request.get(`/evenement/${event.id}/calendrier.ics`)).text();
    const unfolded = text.replace(/\r?\n /g, '');
    expect(unfolded).toContain('STATUS:CANCELLED');
    expect(unfolded).toContain(`SUMMARY:Annulé : ${title.replace(/([,;])/g, '\\$1')}`);
    const vevents = Object.values(ical.sync.parseICS(text)).filter(
      (c): c is VEvent => typeof c === 'object' && c !== null && 'type' in c && c.type === 'VEVENT',
    );
    const instances = vevents.flatMap((e) =>
      ical.expandRecurringEvent(e, {
        from: new Date(Date.now() - 86_400_000),
        to: new Date(Date.now() + 400 * 86_400_000),
      }),
    );
    const cancelled = instances.filter((i) => String(i.summary).startsWith('Annulé'));
    expect(cancelled.map((i) => new Date(i.start).getTime())).toEqual([Date.parse(dates[0].startsAt)]);
  });

  test('y aller : « Itinéraire » vers le lieu, l’adresse en lien, les CFF jusqu’au lieu pour l’heure de la date, sans excuse sans JavaScript', async ({
    page,
    createEvent,
    javaScriptEnabled,
  }) => {
    const schedule = tuesdays();
    const event = await createSeries(createEvent, schedule, {
      title: unique('Milonga'),
      ...FAUBOURG_HALL,
    });
    const second = expandSchedule(schedule)[1];
    const day = zurichToday(new Date(second.startsAt));
    await page.goto(`/evenement/${event.id}?date=${day}`);
    // A date is its own page for search engines (decision 106): its own canonical, its day in the title, one Event.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/evenement/${event.id}\\?date=${day}$`),
    );
    await expect(page).toHaveTitle(new RegExp(` · ${formatDate(second.startsAt)} · Neuchâtel`));
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]');
    expect(ld.map((e: { startDate: string; url: string }) => [e.startDate, e.url.split('/evenement/')[1]])).toEqual([
      [second.startsAt, `${event.id}?date=${day}`],
    ]);
    const place = page.getByRole('region', { name: 'Lieu' });
    await expect(place.getByRole('link', { name: 'Itinéraire' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=46.993120%2C6.931780',
    );
    await expect(place.getByRole('link', { name: /Rue du Faubourg 12, 2000 Neuchâtel/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=46\.993120,6\.931780$/,
    );
    const sbb = new URL((await place.getByRole('link', { name: /transports publics/ }).getAttribute('href')) ?? '');
    expect(sbb.searchParams.get('nach')).toBe('Rue du Faubourg 12, 2000 Neuchâtel');
    // Arriving a quarter of an hour before the date shown.
    expect(sbb.searchParams.get('zeit')).toBe('18:15');
    expect(sbb.searchParams.get('datum')).toBe(zurichToday(new Date(second.startsAt)).split('-').reverse().join('.'));
    await expect(page.locator('main')).not.toContainText('nécessite JavaScript');
    // Shared, the date stays the date looked at: by email without JavaScript, in the link copied with it.
    if (!javaScriptEnabled) {
      const mailto = (await page.getByRole('link', { name: 'Partager par email' }).getAttribute('href')) ?? '';
      expect(decodeURIComponent(mailto.split('body=')[1] ?? '')).toMatch(
        new RegExp(`/evenement/${event.id}\\?date=${day}$`),
      );
    }
  });

  test('sans JavaScript, la carte de la liste renvoie à la liste, sans excuse @nojs-only', async ({ page }) => {
    await page.goto('/evenements?vue=carte&canton=VD');
    const box = page.getByTestId('events-map-placeholder');
    await expect(box).toContainText('Ces événements sont aussi en liste');
    await expect(page.locator('main')).not.toContainText('nécessite JavaScript');
    await box.getByRole('link', { name: 'en liste' }).click();
    await expect(page).toHaveURL('/evenements?canton=VD');
    await expect(page.locator('.event-card').first()).toBeVisible();
  });

  test('sans JavaScript, la vue carte donne ses événements par localité, chacun avec son itinéraire @nojs-only', async ({
    page,
    createEvent,
  }) => {
    const title = unique('Concert à la Chaux');
    const event = await createEvent({ title, city: 'La Chaux-de-Fonds', lat: 47.1, lng: 6.83 });
    await page.goto(`/evenements?vue=carte&q=${encodeURIComponent(title)}`);
    const locality = page.getByTestId('map-by-locality').getByRole('region', { name: 'La Chaux-de-Fonds' });
    await expect(locality.getByRole('heading')).toHaveText('La Chaux-de-Fonds (1)');
    await expect(locality.getByRole('link', { name: title, exact: true })).toHaveAttribute(
      'href',
      `/evenement/${event.id}`,
    );
    const way = new URL(
      (await locality.getByRole('link', { name: `Itinéraire vers ${title}` }).getAttribute('href')) ?? '',
    );
    expect(way.searchParams.get('destination')).toBe('47.100000,6.830000');
    await expect(page.getByTestId('map-by-locality')).toContainText('La carte interactive s’affiche avec JavaScript.');
    // No « sur la carte » where there is none.
    await expect(page.locator('.map-note')).toHaveText('1 événement localisé.');
  });
});

test.describe('l’en-tête', () => {
  test('dès 1024 px : la recherche, « Événements » et « Ajouter un événement » sans ouvrir le menu @once', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    const header = page.getByRole('banner');
    const search = header.getByRole('searchbox', { name: 'Rechercher dans l’agenda' });
    await expect(search).toBeVisible();
    await expect(header.getByRole('link', { name: 'Événements', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Ajouter un événement' })).toHaveAttribute(
      'href',
      '/organizer/submit-event',
    );
    await expect(page.getByTestId('burger')).toBeVisible();
    await search.fill('marché');
    await search.press('Enter');
    await expect(page).toHaveURL('/evenements?q=march%C3%A9');
    // On a phone, the header is the logo and the burger, as before.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(search).toBeHidden();
    await expect(header.getByRole('link', { name: 'Ajouter un événement' })).toBeHidden();
    await expect(page.getByTestId('burger')).toBeVisible();
  });
});
