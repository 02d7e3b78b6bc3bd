import { XMLParser } from 'fast-xml-parser';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeEvent } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { CATEGORY_SLUGS } from '../../domain/categories';
import type { AgendaEvent } from '../../domain/event';
import { parseEventFilters } from '../../domain/event-filters';
import { eventTimes } from '../../domain/event-form';
import { queryFromFilters } from '../events/public';
import type { Store } from '../ports';
import { seedCategories, seedDemo } from '../seed/seed';
import { buildICalendar, icalKey, spansDays } from './calendar';
import { buildRss, feedTitle } from './feeds';
import { eventsForFeed } from './queries';

const NOW = new Date('2026-11-21T09:00:00Z');
const SITE = 'https://agenda-romand.test';
const VD_MUSIC = 'category=musique&canton=VD';

let store: Store;

beforeAll(async () => {
  store = memoryStore().store;
  await seedCategories({ store });
  await seedDemo({ store }, NOW);
});

/** node-ical gives some properties as a string, others as { params, val }. */
const text = (value: unknown): string =>
  typeof value === 'object' && value !== null && 'val' in value ? String(value.val) : String(value ?? '');

function vevents(ics: string): VEvent[] {
  return Object.values(ical.sync.parseICS(ics)).filter(
    (c): c is VEvent => typeof c === 'object' && c !== null && 'type' in c && c.type === 'VEVENT',
  );
}

const calendarOf = (events: AgendaEvent[]) => buildICalendar(events, { siteUrl: SITE, name: 'Test' });

describe('flux iCalendar', () => {
  it('une sélection Musique · Vaud : seulement ces événements, tous complets, avec le fuseau Europe/Zurich', async () => {
    const { events, filters, searchError } = await eventsForFeed({ store }, new URLSearchParams(VD_MUSIC), NOW);
    expect(searchError).toBeNull();
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.category).toBe('musique');
      expect(e.canton).toBe('VD');
    }
    const { total } = await store.events.search({ ...queryFromFilters(filters, NOW), limit: 1, offset: 0 });

    const ics = buildICalendar(events, { siteUrl: SITE, name: feedTitle(filters) });
    expect(ics).toContain('BEGIN:VTIMEZONE');
    expect(ics).toContain('TZID:Europe/Zurich');
    expect(ics).toContain('PRODID:-//Agenda romand//Agenda romand//FR');
    expect(ics).toContain('X-WR-CALNAME:Agenda romand — Musique · Vaud');
    // Times are Zurich wall-clock times with TZID; DTSTAMP is UTC, as RFC 5545 requires.
    expect(ics).toMatch(/DTSTART;TZID=Europe\/Zurich:\d{8}T\d{6}\r\n/);
    expect(ics).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);

    const parsed = vevents(ics);
    expect(parsed).toHaveLength(total);
    const ids = new Set(events.map((e) => e.id));
    for (const v of parsed) {
      expect(v.uid).toMatch(/^[^@]+@agenda-romand\.ch$/);
      expect(ids.has(v.uid.split('@')[0])).toBe(true);
      expect(v.dtstamp).toBeInstanceOf(Date);
      expect(v.start).toBeInstanceOf(Date);
      expect(v.categories).toEqual(['Musique']);
      expect(text(v.url)).toBe(`${SITE}/evenement/${v.uid.split('@')[0]}`);
      expect(v.status).toBe('CONFIRMED');
    }
  });

  it('chaque événement garde ses instants ; les journées entières sont des dates avec fin exclusive', async () => {
    const { events } = await eventsForFeed({ store }, new URLSearchParams(), NOW);
    const parsed = new Map(vevents(calendarOf(events)).map((v) => [v.uid.split('@')[0], v]));
    expect(parsed.size).toBe(events.length);
    // An exhibition is all day over its days, whatever its opening hours (issue 52), and so is a single event over
    // several days (issue 70, calendar-long-span.test.ts).
    const period = (e: AgendaEvent) => e.schedule?.kind === 'period';
    const timed = events.filter((e) => !e.allDay && !period(e) && !spansDays(e));
    const allDay = events.filter((e) => e.allDay);
    expect(events.filter(period).map((e) => parsed.get(icalKey(e))?.datetype)).toContain('date');
    expect(timed.length).toBeGreaterThan(0);
    expect(allDay.length).toBeGreaterThan(0);
    for (const e of timed) {
      // A date of a series has a UID of its own (decision 041).
      const v = parsed.get(icalKey(e))!;
      expect(v.start.getTime(), e.title).toBe(Date.parse(e.startsAt));
      expect(v.end?.getTime(), e.title).toBe(Date.parse(e.endsAt));
      expect(v.dtstamp.getTime()).toBe(Date.parse(e.updatedAt));
    }
    for (const e of allDay) {
      const v = parsed.get(icalKey(e))!;
      expect(v.datetype).toBe('date');
      // Seeded all-day events run from 00:00 to 23:59 (Zurich): the exclusive end is one minute later.
      const days = Math.round((Date.parse(e.endsAt) + 60_000 - Date.parse(e.startsAt)) / 86_400_000);
      const parsedDays = Math.round(((v.end?.getTime() ?? 0) - v.start.getTime()) / 86_400_000);
      expect(parsedDays, e.title).toBe(days);
    }
  });

  it('sans heure de fin : DTSTART seul (RFC 5545 §3.6.1), aucune fin inventée ; sur plusieurs jours, la fin du dernier jour', () => {
    const oneDay = {
      ...makeEvent({ city: 'Lausanne' }, { now: NOW }),
      id: 'soir',
      ...eventTimes({ startDate: '2026-11-28', startTime: '18:00', endDate: '', endTime: '', allDay: false }),
    };
    const span = {
      ...makeEvent({ city: 'Lausanne' }, { now: NOW }),
      id: 'festival',
      ...eventTimes({ startDate: '2026-11-27', startTime: '18:00', endDate: '2026-11-29', endTime: '', allDay: false }),
    };
    const ics = calendarOf([oneDay, span]);
    const block = (id: string) => ics.split('BEGIN:VEVENT').find((b) => b.includes(`UID:${id}@`)) ?? '';
    expect(block('soir')).toContain('DTSTART;TZID=Europe/Zurich:20261128T180000');
    expect(block('soir')).not.toMatch(/DTEND|DURATION/);
    for (const line of ['DTSTART;VALUE=DATE:20261127', 'DTEND;VALUE=DATE:20261130', 'TRANSP:TRANSPARENT'])
      expect(block('festival')).toContain(line);
    const rss = buildRss([oneDay], {
      siteUrl: SITE,
      title: 'Test',
      description: 'Test',
      selfUrl: `${SITE}/evenements.rss`,
    });
    expect(rss).toContain('samedi 28 novembre 2026, dès 18:00');
    expect(rss).not.toContain('20:00');
  });

  it('un événement annulé y figure avec STATUS:CANCELLED', async () => {
    const { items: cancelled } = await store.events.search({
      status: ['cancelled'],
      endsAfter: NOW.toISOString(),
      limit: 1,
      offset: 0,
    });
    expect(cancelled).toHaveLength(1);
    const [event] = cancelled;
    const params = new URLSearchParams({ category: event.category, canton: event.canton });
    const { events } = await eventsForFeed({ store }, params, NOW);
    const ics = calendarOf(events);
    const v = vevents(ics).find((c) => c.uid === `${event.id}@agenda-romand.ch`);
    expect(v?.status).toBe('CANCELLED');
    expect(text(v?.summary)).toContain(event.title);
    expect(ics).toContain('STATUS:CANCELLED');
  });

  it('une recherche sans accents trouve « Fête » (recherche insensible aux diacritiques)', async () => {
    const { events, searchError } = await eventsForFeed({ store }, new URLSearchParams('q=fete'), NOW);
    expect(searchError).toBeNull();
    expect(events.some((e) => e.title.includes('Fête'))).toBe(true);
    const titles = vevents(calendarOf(events)).map((v) => text(v.summary));
    expect(titles.some((t) => t.includes('Fête'))).toBe(true);
  });

  it('une recherche contenant <script> est refusée : message d’erreur, aucun événement, calendrier valide', async () => {
    const { events, searchError } = await eventsForFeed(
      { store },
      new URLSearchParams({ q: '<script>alert(1)</script>' }),
      NOW,
    );
    expect(searchError).toEqual(expect.any(String));
    expect(events).toEqual([]);
    const ics = calendarOf(events);
    expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(vevents(ics)).toEqual([]);
  });

  it('les événements en attente ou refusés n’apparaissent jamais', async () => {
    const { events } = await eventsForFeed({ store }, new URLSearchParams(), NOW);
    expect(events.every((e) => e.status === 'approved' || e.status === 'cancelled')).toBe(true);
  });
});

describe('flux RSS', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

  interface RssItem {
    title: string;
    link: string;
    guid: string | { '#text': string };
    pubDate: string;
    description: string;
    category: string;
  }

  async function rssFor(query: string) {
    const { events, filters } = await eventsForFeed({ store }, new URLSearchParams(query), NOW);
    const xml = buildRss(events, {
      siteUrl: SITE,
      title: feedTitle(filters),
      selfUrl: `${SITE}/evenements.rss?${query}`,
      description: 'Sélection de test',
    });
    const channel = parser.parse(xml).rss.channel as { title: string; language: string; item?: RssItem | RssItem[] };
    const items = channel.item === undefined ? [] : Array.isArray(channel.item) ? channel.item : [channel.item];
    return { events, channel, items, xml };
  }

  it('Musique · Vaud : titre du canal, langue fr-CH, liens vers les fiches des seuls événements concernés', async () => {
    const { events, channel, items, xml } = await rssFor(VD_MUSIC);
    expect(channel.title).toContain('Musique');
    expect(channel.title).toContain('Vaud');
    expect(channel.language).toBe('fr-CH');
    expect(xml).toContain(`href="${SITE}/evenements.rss?category=musique&amp;canton=VD"`);
    expect(items).toHaveLength(events.length);
    const vdMusic = new Map(events.map((e) => [e.id, e]));
    for (const item of items) {
      const match = item.link.match(/\/evenement\/([^/?#]+)(?:\?date=\d{4}-\d{2}-\d{2})?$/);
      expect(match, item.link).not.toBeNull();
      const event = vdMusic.get(match![1]);
      expect(event?.category).toBe('musique');
      expect(event?.canton).toBe('VD');
      const guid = typeof item.guid === 'string' ? item.guid : item.guid['#text'];
      expect(guid).toBe(item.link);
      expect(item.category).toBe('Musique');
      expect(item.description).toContain(event!.city);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    }
  });

  it('chaque date d’une série est un élément à son lien (?date=) et à son guid ; une date annulée le dit', async () => {
    const { events, items } = await rssFor('');
    expect(items).toHaveLength(events.length);
    const links = items.map((i) => i.link);
    expect(new Set(links).size).toBe(links.length);
    const dated = events.filter((e) => e.schedule && e.schedule.kind !== 'period');
    expect(new Set(dated.map((e) => e.id)).size).toBeGreaterThan(1);
    for (const [i, event] of events.entries()) {
      const item = items[i];
      const guid = typeof item.guid === 'string' ? item.guid : item.guid['#text'];
      expect(guid).toBe(item.link);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(event.startsAt));
      const dateOfSeries = event.schedule && event.schedule.kind !== 'period';
      expect(item.link).toBe(`${SITE}/evenement/${event.id}${dateOfSeries ? `?date=${day}` : ''}`);
      expect(item.title.startsWith('Annulé\u00a0: '), item.link).toBe(
        event.status === 'cancelled' || Boolean(event.occurrence?.cancelled),
      );
    }
    expect(events.some((e) => e.occurrence?.cancelled && e.status !== 'cancelled')).toBe(true);
  });

  it('échappe le contenu : le XML reste valide et le texte des événements n’injecte pas de balises', () => {
    const [event] = [
      {
        ...makeEvent({ id: 'abc', city: 'Lausanne' }, { now: NOW }),
        title: 'Rock & <b>roll</b> ]]> fin',
        description: '<script>alert(1)</script> Un concert.',
      },
    ];
    const xml = buildRss([event], {
      siteUrl: SITE,
      title: 'T & co',
      selfUrl: `${SITE}/evenements.rss`,
      description: 'D',
    });
    const channel = parser.parse(xml).rss.channel as { title: string; item: RssItem };
    expect(channel.title).toBe('T & co');
    expect(channel.item.title).toBe('Rock & <b>roll</b> ]]> fin');
    expect(channel.item.description).not.toContain('<script>');
    expect(channel.item.description).toContain('&lt;script&gt;');
  });

  it('un caractère interdit en XML, dans un texte enregistré avant la règle des formulaires, ne gâche pas le flux', () => {
    const xml = buildRss(
      [
        {
          ...makeEvent({ id: 'nul', city: 'Lausanne' }, { now: NOW }),
          title: 'Concert\u0000X',
          description: 'Un \u001bconcert.',
        },
      ],
      {
        siteUrl: SITE,
        title: 'T',
        selfUrl: `${SITE}/evenements.rss`,
        description: 'D',
      },
    );
    expect(xml.includes('\u0000') || xml.includes('\u001b')).toBe(false);
    expect((parser.parse(xml).rss.channel as { item: RssItem }).item.title).toBe('ConcertX');
  });
});

describe('feedTitle', () => {
  it('nomme la sélection en français', () => {
    expect(feedTitle({})).toBe('Agenda romand');
    expect(feedTitle({ category: 'musique', canton: 'VD', free: true })).toBe(
      'Agenda romand — Musique · Vaud · gratuit',
    );
    expect(
      feedTitle(parseEventFilters(new URLSearchParams('q=jazz&quand=week-end&famille=1'), CATEGORY_SLUGS).filters),
    ).toBe('Agenda romand — « jazz » · ce week-end · en famille');
    expect(feedTitle({ from: '2026-12-01', to: '2026-12-05', canton: 'BE' })).toBe(
      'Agenda romand — Jura bernois · du 01.12.2026 au 05.12.2026',
    );
  });
});
