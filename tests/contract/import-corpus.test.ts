// The test calendars of python icalendar and Mozilla ical.js (tests/fixtures/icalendar, tests/fixtures/ical.js; issue
// 71), each added as a source and imported by a run, through the real path (safe fetcher, reading, reconciling,
// publishing as a trusted source) on SQLite: no run breaks or hangs, and for every event imported the dates the site
// publishes, in its API (`events/{id}`) and in its .ics, are those ical.js expands for the same window in
// Europe/Zurich, cancelled instances marked.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import { getApiEvent } from '../../app/.server/api/events';
import { buildICalendar } from '../../app/.server/feeds/calendar';
import { importWindow } from '../../app/.server/imports/ics-times';
import { DEFAULT_IMPORT_LIMITS, runSource } from '../../app/.server/imports/run-import';
import { zurichWallClock } from '../../app/domain/dates';
import { type IcsServer, startIcsServer } from '../support/ics-server';
import { IMPORT_NOW, importStand } from '../support/import-stand';

const ROOTS = ['tests/fixtures/icalendar', 'tests/fixtures/ical.js'];
const SITE = 'https://agenda.example';

/** A date of a series as the API gives it. */
type ApiDate = { startsAt: string; endsAt: string | null; cancelled: boolean };

function calendars(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return calendars(file);
    return name.endsWith('.ics') ? [file] : [];
  });
}

/** The text of a file: UTF-8 when it is, else Windows-1252 (the import's rule, safe-fetch.ts). */
function decoded(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

// ————— What ical.js expands, in Zurich's wall clock —————

const validZone = (name: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return !/^[+-]/.test(name);
  } catch {
    return false;
  }
};

/** An instant (ms): the zone the file defines as it says; UTC; else the IANA zone named, else Zurich's (floating). */
function instant(time: ICAL.Time, tzid: string): number {
  const zone = time.zone as (ICAL.Timezone & { component?: unknown }) | undefined;
  if (zone === ICAL.Timezone.utcTimezone || (zone?.component && zone !== ICAL.Timezone.localTimezone))
    return time.toUnixTime() * 1000;
  const name = validZone(tzid) ? tzid : 'Europe/Zurich';
  return new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, name).getTime();
}

/** One date as the comparison writes it: its Zurich start, its end within the day (or « … »), « annulé ». */
function said(start: string, end: string | null, cancelled: boolean, allDay: boolean): string {
  const s = zurichWallClock(start);
  if (allDay) return `${s.date} (journée)${cancelled ? ' annulé' : ''}`;
  const e = end ? zurichWallClock(end) : null;
  const until = e && e.date === s.date && e.time > s.time ? e.time : '…';
  return `${s.date} ${s.time}–${until}${cancelled ? ' annulé' : ''}`;
}

const tzid = (c: ICAL.Component, name: string) => String(c.getFirstProperty(name)?.getParameter('tzid') ?? '');

/** Per UID, the dates ical.js gives in the window still to come (null: ical.js refuses the file). */
function expanded(text: string, window: { from: number; to: number; now: number }): Map<string, string[]> | null {
  let vevents: ICAL.Component[];
  try {
    const parsed = ICAL.parse(text) as unknown[];
    // One calendar, or several in a row.
    const roots = (Array.isArray(parsed[0]) ? parsed : [parsed]) as never[];
    vevents = roots.flatMap((jcal) => new ICAL.Component(jcal).getAllSubcomponents('vevent'));
  } catch {
    return null;
  }
  const byUid = new Map<string, { master?: ICAL.Component; exceptions: ICAL.Component[] }>();
  for (const vevent of vevents) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    const entry = byUid.get(uid) ?? { exceptions: [] };
    if (vevent.hasProperty('recurrence-id')) entry.exceptions.push(vevent);
    else entry.master ??= vevent;
    byUid.set(uid, entry);
  }
  const out = new Map<string, string[]>();
  for (const [uid, { master, exceptions }] of byUid) {
    const dates: string[] = [];
    // A DURATION of 999999999999999999 weeks: ical.js would count its days for ever (the import refuses it).
    const duration = (master ?? exceptions[0]).getFirstPropertyValue('duration') as ICAL.Duration | null;
    if (duration && Math.abs(duration.toSeconds()) > 366 * 86_400) continue;
    try {
      const event = new ICAL.Event(master ?? exceptions[0], { exceptions: master ? exceptions : [] });
      const add = (start: ICAL.Time, end: ICAL.Time | null, item: ICAL.Component, periodEnd?: number) => {
        const cancelled = String(item.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
        if (start.isDate) {
          const day = Date.UTC(start.year, start.month - 1, start.day);
          const last = end?.isDate ? Date.UTC(end.year, end.month - 1, end.day) : day + 86_400_000;
          if (Math.max(last, day + 86_400_000) > window.now && day < window.to && day >= window.from - 86_400_000)
            dates.push(`${new Date(day).toISOString().slice(0, 10)} (journée)${cancelled ? ' annulé' : ''}`);
          return;
        }
        const s = instant(start, tzid(item, 'dtstart'));
        const e = periodEnd ?? (end ? instant(end, tzid(item, 'dtend') || tzid(item, 'dtstart')) : null);
        if ((e ?? s) > window.now && s < window.to && (e ?? s) >= window.from)
          dates.push(said(new Date(s).toISOString(), e && e > s ? new Date(e).toISOString() : null, cancelled, false));
      };
      if (!event.isRecurring()) add(event.startDate, event.endDate, event.component);
      else {
        // An RDATE;VALUE=PERIOD ends at its period's end (RFC 5545 3.8.5.2), not at start + duration.
        // ical.js's expansion fails on those periods: they are given to it as their starts.
        const periods = new Map<number, number>();
        for (const p of event.component.getAllProperties('rdate')) {
          const values = p.getValues() as (ICAL.Time | ICAL.Period)[];
          if (!values.some((v) => v instanceof ICAL.Period)) continue;
          const zone = String(p.getParameter('tzid') ?? '') || tzid(event.component, 'dtstart');
          for (const v of values)
            if (v instanceof ICAL.Period) periods.set(instant(v.start, zone), instant(v.getEnd(), zone));
          p.setValues(values.map((v) => (v instanceof ICAL.Period ? v.start : v)));
          p.resetType('date-time');
        }
        const iterator = event.iterator();
        const plain = Object.keys(event.exceptions).length === 0;
        for (let next = iterator.next(), n = 0; next && n < 20_000; next = iterator.next(), n++) {
          // Over a year before the window, a date without exceptions cannot reach into it.
          if (plain && next.toUnixTime() * 1000 < window.from - 400 * 86_400_000) continue;
          const details = event.getOccurrenceDetails(next);
          const original = next.isDate ? 0 : instant(next, tzid(event.component, 'dtstart'));
          if (original >= window.to && instant(details.startDate, tzid(details.item.component, 'dtstart')) >= window.to)
            break;
          const own = details.item.component !== event.component;
          add(details.startDate, details.endDate, details.item.component, own ? undefined : periods.get(original));
        }
      }
    } catch {
      continue;
    }
    if (dates.length > 0) out.set(uid, [...new Set(dates)].sort());
  }
  return out;
}

// ————— What the site publishes —————

/** The dates of an .ics the site serves (one VEVENT per date), as the comparison writes them. */
function publishedIcs(text: string, allDay: boolean, now: number): string[] {
  const root = new ICAL.Component(ICAL.parse(text) as never);
  return root
    .getAllSubcomponents('vevent')
    .map((v) => {
      const event = new ICAL.Event(v);
      const cancelled = String(v.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
      if (event.startDate.isDate) {
        const day = event.startDate.toString();
        return { at: Date.parse(`${day}T23:59:00Z`), text: `${day} (journée)${cancelled ? ' annulé' : ''}` };
      }
      const start = event.startDate.toJSDate().toISOString();
      const end = v.hasProperty('dtend') ? event.endDate.toJSDate().toISOString() : null;
      return { at: Date.parse(end ?? start), text: said(start, end, cancelled, allDay || event.startDate.isDate) };
    })
    .filter((d) => d.at > now)
    .map((d) => d.text)
    .sort();
}

describe('les calendriers de test de python icalendar et d’ical.js, importés sur SQLite', () => {
  let server: IcsServer;
  beforeAll(async () => {
    server = await startIcsServer();
  });
  afterAll(() => server.close());

  it('chaque fichier s’importe sans plantage, et chaque date publiée (API et .ics) est celle qu’ical.js calcule', async () => {
    const store = createSqliteStore(openDatabase(':memory:'));
    const stand = await importStand(store, server);
    const files = ROOTS.flatMap(calendars);
    const window = { ...importWindow(IMPORT_NOW), now: IMPORT_NOW.getTime() };
    const figures = { files: files.length, imported: 0, events: 0, compared: 0, dates: 0, failed: 0, refused: 0 };
    const differences: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(file);
      const source = await stand.addSource(`/${file}`, bytes, true);
      const started = Date.now();
      const run = await runSource(stand.deps(), source.id);
      // No run holds the jobs for long: the biggest of these files reads in well under a second.
      expect(Date.now() - started, file).toBeLessThan(3000);
      if (!run.ok) {
        figures.failed++;
        // Refused as a whole, always with a French sentence.
        expect(run.errors[0]?.message, file).toMatch(/[a-zé]/);
        continue;
      }
      const links = (await store.imports.links(source.id)).filter((l) => l.eventId);
      if (links.length > 0) figures.imported++;
      const reference = expanded(decoded(bytes), window);
      if (!reference) {
        figures.refused++;
        continue;
      }
      for (const link of links) {
        figures.events++;
        const event = await store.events.findById(link.eventId as string);
        if (!event) continue;
        const expected = reference.get(link.uid) ?? [];
        const api = await getApiEvent({ store }, event.id, new URLSearchParams(), SITE, IMPORT_NOW);
        const single = { startsAt: event.startsAt, endsAt: event.openEnd ? null : event.endsAt, cancelled: false };
        const fromApi = ((api.data as { dates?: ApiDate[] | null }).dates ?? [single])
          .filter((d) => Date.parse(d.endsAt ?? d.startsAt) > window.now)
          .map((d) => said(d.startsAt, d.endsAt, d.cancelled, event.allDay))
          .sort();
        const ics = buildICalendar([event], { siteUrl: SITE, name: 'Test', categories: [] });
        const fromIcs = publishedIcs(ics, event.allDay, window.now);
        figures.compared++;
        figures.dates += Math.min(expected.length, DEFAULT_IMPORT_LIMITS.maxDates);
        // The first IMPORT_MAX_DATES dates still to come (the run log names a series cut there).
        const kept = expected.slice(0, DEFAULT_IMPORT_LIMITS.maxDates);
        const differ = (said: string[]) => {
          const at = said.findIndex((d, k) => d !== kept[k]);
          if (at === -1) return said.length === kept.length ? '' : `${said.length} dates ≠ ${kept.length}`;
          return `${said[at]} ≠ ${kept[at] ?? '—'}`;
        };
        if (differ(fromApi)) differences.push(`${file} ${link.uid} (API) : ${differ(fromApi)}`);
        if (differ(fromIcs)) differences.push(`${file} ${link.uid} (.ics) : ${differ(fromIcs)}`);
      }
    }
    console.info('[corpus]', JSON.stringify(figures));
    expect(differences).toEqual([]);
    expect(figures.files).toBe(244);
    await store.close();
  }, 60_000);
});
