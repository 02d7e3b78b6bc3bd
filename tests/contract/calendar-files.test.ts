// Every calendar file the site publishes (the whole agenda, a filtered selection, one event, a series, an exhibition),
// read by an independent iCalendar parser (Mozilla's ical.js) as a subscriber's calendar does: its recurrences
// expanded, each date and UID compared with what the public API (/api/v1/events) says of the same events (issue 52).
import type { AppLoadContext } from '@remix-run/node';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import type { Store } from '../../app/.server/ports';
import { seedDemo } from '../../app/.server/seed/seed';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { addDaysToDate, zurichDay, zurichIso } from '../../app/domain/dates';
import { loader as apiEventsLoader } from '../../app/routes/api.v1.events';
import { loader as apiEventLoader } from '../../app/routes/api.v1.events_.$id';
import { loader as eventIcsLoader } from '../../app/routes/evenement.$id.calendrier[.ics]';
import { loader as listIcsLoader } from '../../app/routes/evenements[.ics]';

const SITE = 'https://agenda.example';
const DAY = 24 * 60 * 60 * 1000;
// The clock the code is given: the demo content is dated from it.
const NOW = new Date(zurichIso('2026-11-27', '10:00'));

interface ApiItem {
  id: string;
  startsAt: string;
  endsAt: string | null;
  allDay: boolean;
  cancelled: boolean;
  series: { kind: 'dates' | 'rule' | 'period' } | null;
  dates?: { startsAt: string; endsAt: string | null; cancelled: boolean }[] | null;
}

/** One date as a calendar shows it. */
interface Entry {
  uid: string;
  /** An instant (ms) for a timed entry, a day (AAAA-MM-JJ) for an all-day one. */
  start: number | string;
  end: number | string | null;
  cancelled: boolean;
  transparent: boolean;
}

let store: Store;
const context = () =>
  ({
    services: { store, config: { SITE_URL: SITE, API_RATE_PER_MINUTE: 100_000 } },
    clientIp: '192.0.2.52',
  }) as unknown as AppLoadContext;

async function text(loader: unknown, path: string, params: Record<string, string> = {}) {
  const response = await (loader as (a: object) => Promise<Response>)({
    request: new Request(`${SITE}${path}`),
    params,
    context: context(),
  });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Every item of an API list, page after page. */
async function apiList(query: string): Promise<ApiItem[]> {
  const items: ApiItem[] = [];
  let cursor: string | null = null;
  do {
    const page = JSON.parse(
      await text(apiEventsLoader, `/api/v1/events?${query}&limit=100${cursor ? `&cursor=${cursor}` : ''}`),
    ) as { data: ApiItem[]; next: string | null };
    items.push(...page.data);
    cursor = page.next;
  } while (cursor);
  return items;
}

const dayOf = (time: ICAL.Time) => time.toString().slice(0, 10);
const timeOf = (time: ICAL.Time) => (time.isDate ? dayOf(time) : time.toJSDate().getTime());

/** The dates of a calendar file, its rules expanded (up to `until`), each override in place of its date. */
function expand(ics: string, until = Date.parse(zurichIso(addDaysToDate('2026-11-27', 400), '00:00'))): Entry[] {
  expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevents = root.getAllSubcomponents('vevent');
  const entries: Entry[] = [];
  for (const master of vevents.filter((v) => !v.hasProperty('recurrence-id'))) {
    const event = new ICAL.Event(master);
    for (const v of vevents) {
      if (v.hasProperty('recurrence-id') && v.getFirstPropertyValue('uid') === event.uid) event.relateException(v);
    }
    const entry = (component: ICAL.Component, start: ICAL.Time, end: ICAL.Time | null): Entry => ({
      uid: event.uid,
      start: timeOf(start),
      end: end ? timeOf(end) : null,
      cancelled: component.getFirstPropertyValue('status') === 'CANCELLED',
      transparent: component.getFirstPropertyValue('transp') === 'TRANSPARENT',
    });
    if (!event.isRecurring()) {
      entries.push(entry(master, event.startDate, master.hasProperty('dtend') ? event.endDate : null));
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next && next.toJSDate().getTime() < until; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      entries.push(entry(details.item.component, details.startDate, details.endDate));
    }
  }
  return entries;
}

/** What the API says one date is, as a calendar file must show it. */
function expected(item: Pick<ApiItem, 'startsAt' | 'endsAt' | 'allDay' | 'cancelled' | 'series'>, uid: string): Entry {
  // All day over its days (the end exclusive); an exhibition, and a single event over more than a day (issue 70), are
  // shown as free time.
  const severalDays = !item.series && item.endsAt !== null && Date.parse(item.endsAt) - Date.parse(item.startsAt) > DAY;
  if (item.allDay || item.series?.kind === 'period' || severalDays) {
    return {
      uid,
      start: zurichDay(item.startsAt),
      end: addDaysToDate(
        item.allDay ? (item.endsAt ?? item.startsAt).slice(0, 10) : zurichDay(item.endsAt ?? item.startsAt),
        1,
      ),
      cancelled: item.cancelled,
      transparent: item.series?.kind === 'period' || severalDays,
    };
  }
  return {
    uid,
    start: Date.parse(item.startsAt),
    end: item.endsAt ? Date.parse(item.endsAt) : null,
    cancelled: item.cancelled,
    transparent: false,
  };
}

/** In a list, each date of a series is an entry of its own: the event's id and the date's start (Zurich time). */
const listUid = (item: ApiItem) =>
  `${item.series && item.series.kind !== 'period' ? `${item.id}-${item.startsAt.slice(0, 16).replace(/[-:]/g, '')}` : item.id}@agenda-romand.ch`;

const byStart = (a: Entry, b: Entry) => String(a.start).localeCompare(String(b.start)) || a.uid.localeCompare(b.uid);
const sorted = (entries: Entry[]) => [...entries].sort(byStart);

describe('fichiers iCalendar lus par ical.js, comparés à l’API', () => {
  let all: ApiItem[];

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    store = createSqliteStore(openDatabase(':memory:'));
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    await seedDemo({ store }, NOW);
    all = await apiList('');
  });
  afterAll(async () => {
    await store.close();
    vi.useRealTimers();
  });

  it.each([
    ['tout l’agenda', ''],
    ['une catégorie', 'category=expos-musees'],
    ['un canton et une recherche', 'canton=NE&q=horlogers'],
  ])('le flux de %s a les dates et les UID de l’API', async (_name, query) => {
    const api = query ? await apiList(query) : all;
    expect(api.length).toBeGreaterThan(0);
    const ics = expand(await text(listIcsLoader, `/evenements.ics${query ? `?${query}` : ''}`));
    // Each date once, whatever its kind: no second UID for the same date, no 100-day timed block.
    expect(sorted(ics)).toEqual(sorted(api.map((item) => expected(item, listUid(item)))));
    expect(new Set(ics.map((e) => e.uid)).size).toBe(ics.length);
  });

  it.each(['single', 'period', 'rule', 'dates'] as const)(
    'le .ics d’un événement (%s) a les dates et l’UID de l’API, les mêmes que dans les flux',
    async (kind) => {
      const item = all.find((i) => (kind === 'single' ? i.series === null : i.series?.kind === kind));
      expect(item, kind).toBeDefined();
      const { id } = item as ApiItem;
      const { data } = JSON.parse(await text(apiEventLoader, `/api/v1/events/${id}`, { id })) as { data: ApiItem };
      const own = expand(await text(eventIcsLoader, `/evenement/${id}/calendrier.ics`, { id }));
      // Each date keeps the UID it has in every list, a rule's as a list's (one VEVENT per date, decision 124).
      const uidOf = listUid;
      const dates = data.dates
        ? data.dates.map((d) => ({ ...data, ...d, cancelled: d.cancelled || data.cancelled }))
        : [data];
      // The API's dates are those still to come (or under way): the series' past dates are left out.
      const now = NOW.getTime();
      const upcoming = own.filter((e) => typeof e.end !== 'number' || e.end > now || kind !== 'rule');
      const wanted = kind === 'period' ? [expected(data, uidOf(data))] : dates.map((d) => expected(d, uidOf(d)));
      expect(sorted(upcoming)).toEqual(sorted(wanted));
      // The same UID as in the whole agenda's feed, for each of its dates there: a subscriber who imports both gets
      // each date once.
      const inList = expand(await text(listIcsLoader, '/evenements.ics')).filter((e) => e.uid.startsWith(id));
      expect(sorted(inList)).toEqual(sorted(upcoming.filter((e) => inList.some((l) => l.start === e.start))));
      expect(inList.length).toBeGreaterThan(0);
    },
  );
});
