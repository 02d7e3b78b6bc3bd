// Calendars as the world writes them (issue 71), imported by a source run on SQLite and on Firestore: an old open-ended
// weekly series shows its next dates, and still does months later from a feed that never changed; a moved instance
// shows at its new time and a cancelled one as « annulé »; a Windows-1252 file reads with its accents; a time zone
// defined in the file under a custom name is honoured.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getApiEvent } from '../../app/.server/api/events';
import { seriesView } from '../../app/.server/events/series';
import { runSource } from '../../app/.server/imports/run-import';
import type { Store } from '../../app/.server/ports';
import { expandSchedule } from '../../app/.server/schedule/schedule-expand';
import type { Schedule } from '../../app/domain/schedule';
import { type IcsServer, startIcsServer } from '../support/ics-server';
import { type ImportStand, importStand } from '../support/import-stand';
import { BACKENDS } from './backends';

/** A date of a series as the API gives it. */
type ApiDate = { startsAt: string; endsAt: string | null; cancelled: boolean };

let server: IcsServer;
beforeAll(async () => {
  server = await startIcsServer();
});
afterAll(() => server.close());

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Tests//FR', ...lines, 'END:VCALENDAR', ''].join('\r\n');

/** Every Friday at 19:00 since January 2024, no end: the open-ended series of a venue. */
const FRIDAYS = calendar(
  'BEGIN:VEVENT',
  'UID:vendredi@cave.ch',
  'DTSTAMP:20240101T080000Z',
  'DTSTART;TZID=Europe/Zurich:20240105T190000',
  'DTEND;TZID=Europe/Zurich:20240105T220000',
  'RRULE:FREQ=WEEKLY;BYDAY=FR',
  'SUMMARY:Jam du vendredi',
  'LOCATION:La Cave, Rue du Port 3, 1260 Nyon',
  'END:VEVENT',
);

/** Tuesdays at 19:00 from 1 December 2026, ten times; the 8th moved to 20:30, the 15th cancelled. */
const TUESDAYS = calendar(
  'BEGIN:VEVENT',
  'UID:cours@nyon.ch',
  'DTSTAMP:20261101T080000Z',
  'DTSTART;TZID=Europe/Zurich:20261201T190000',
  'DTEND;TZID=Europe/Zurich:20261201T203000',
  'RRULE:FREQ=WEEKLY;COUNT=10',
  'SUMMARY:Cours de danse',
  'LOCATION:Salle communale, Grand-Rue 1, 1260 Nyon',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:cours@nyon.ch',
  'DTSTAMP:20261101T080000Z',
  'RECURRENCE-ID;TZID=Europe/Zurich:20261208T190000',
  'DTSTART;TZID=Europe/Zurich:20261208T203000',
  'DTEND;TZID=Europe/Zurich:20261208T220000',
  'SUMMARY:Cours de danse',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:cours@nyon.ch',
  'DTSTAMP:20261101T080000Z',
  'RECURRENCE-ID;TZID=Europe/Zurich:20261215T190000',
  'DTSTART;TZID=Europe/Zurich:20261215T190000',
  'DTEND;TZID=Europe/Zurich:20261215T203000',
  'STATUS:CANCELLED',
  'SUMMARY:Cours de danse',
  'END:VEVENT',
);

/** A zone defined in the file under Evolution's name, and a New York of its own (UTC−5, no summer time). */
const CUSTOM_ZONES = calendar(
  'BEGIN:VTIMEZONE',
  'TZID:/freeassociation.sourceforge.net/Tzfile/Europe/Zurich',
  'BEGIN:STANDARD',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0500',
  'END:STANDARD',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'UID:concert@evolution',
  'DTSTAMP:20261101T080000Z',
  'DTSTART;TZID=/freeassociation.sourceforge.net/Tzfile/Europe/Zurich:20270612T203000',
  'DTEND;TZID=/freeassociation.sourceforge.net/Tzfile/Europe/Zurich:20270612T223000',
  'SUMMARY:Concert d’été',
  'LOCATION:Temple, Place du Temple 1, 2000 Neuchâtel',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:visio@new-york',
  'DTSTAMP:20261101T080000Z',
  'DTSTART;TZID=America/New_York:20270612T130000',
  'DURATION:PT1H',
  'SUMMARY:Conférence en ligne',
  'LOCATION:Maison des associations, Rue des Savoises 15, 1205 Genève',
  'END:VEVENT',
);

describe.each(BACKENDS)('dates des calendriers importés : $name', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let stand: ImportStand;
  const at = (path: string) => `/dates-${backend.name}${path}`;
  beforeEach(async () => {
    ({ store, dispose } = await backend.open());
    stand = await importStand(store, server);
  });
  afterEach(() => dispose());

  /** The dates the API gives a visitor for the event the source imported under this UID. */
  async function apiDates(sourceId: string, uid: string) {
    const link = (await store.imports.links(sourceId)).find((l) => l.uid === uid);
    const api = await getApiEvent({ store }, link?.eventId ?? '', new URLSearchParams(), 'https://a.ch', stand.clock);
    return { event: api.data, dates: (api.data as { dates?: ApiDate[] | null }).dates ?? [] };
  }

  it('une série hebdomadaire ouverte depuis 2024 montre ses prochains vendredis, et les suivants des mois plus tard', async () => {
    const source = await stand.addSource(at('/vendredis.ics'), FRIDAYS, true);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, created: 1 });
    const first = await apiDates(source.id, 'vendredi@cave.ch');
    expect(first.dates.slice(0, 2)).toEqual([
      {
        startsAt: '2026-12-04T19:00:00+01:00',
        endsAt: '2026-12-04T22:00:00+01:00',
        cancelled: false,
        registration: null,
      },
      {
        startsAt: '2026-12-11T19:00:00+01:00',
        endsAt: '2026-12-11T22:00:00+01:00',
        cancelled: false,
        registration: null,
      },
    ]);
    // Said in words as the site's own series are, on the event page and in the API (its window's first and last dates).
    const [event] = await stand.events();
    const rule = 'Chaque vendredi, 19:00–22:00, du 4 décembre 2026 au 31 décembre 2027';
    expect((await seriesView({ store }, event, null, stand.clock))?.rule).toBe(rule);
    expect(first.event).toMatchObject({ series: { kind: 'rule', description: rule } });
    // The same feed (same ETag) months later: the first run of the month reads it anyway and rolls the window on.
    stand.clock = new Date('2027-09-01T09:00:00Z');
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, notModified: false, updated: 1 });
    const later = await apiDates(source.id, 'vendredi@cave.ch');
    expect(later.dates[0]).toMatchObject({ startsAt: '2027-09-03T19:00:00+02:00' });
    expect(later.dates.map((d) => d.startsAt)).toContain('2028-09-29T19:00:00+02:00');
    // Within the month, an unchanged feed costs nothing.
    stand.clock = new Date('2027-09-02T09:00:00Z');
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, notModified: true });
  });

  it('une date déplacée (RECURRENCE-ID) montre sa nouvelle heure, une date annulée (STATUS:CANCELLED) est « annulée »', async () => {
    const source = await stand.addSource(at('/mardis.ics'), TUESDAYS, true);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, created: 1 });
    const { dates } = await apiDates(source.id, 'cours@nyon.ch');
    expect(dates.slice(0, 4)).toEqual([
      {
        startsAt: '2026-12-01T19:00:00+01:00',
        endsAt: '2026-12-01T20:30:00+01:00',
        cancelled: false,
        registration: null,
      },
      {
        startsAt: '2026-12-08T20:30:00+01:00',
        endsAt: '2026-12-08T22:00:00+01:00',
        cancelled: false,
        registration: null,
      },
      {
        startsAt: '2026-12-15T19:00:00+01:00',
        endsAt: '2026-12-15T20:30:00+01:00',
        cancelled: true,
        registration: null,
      },
      {
        startsAt: '2026-12-22T19:00:00+01:00',
        endsAt: '2026-12-22T20:30:00+01:00',
        cancelled: false,
        registration: null,
      },
    ]);
    expect(dates).toHaveLength(10);
    // Read again unchanged: nothing to write.
    await stand.forgetEtag(source.id);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, unchanged: 1, updated: 0 });
  });

  it('un événement inchangé le reste quand le lecteur change : ce qui est enregistré compte, pas l’empreinte', async () => {
    const source = await stand.addSource(at('/vendredis-lecteur.ics'), FRIDAYS, true);
    await runSource(stand.deps(), source.id);
    const [event] = await stand.events();
    // As the previous reader (decision 146) stored it: the same dates as a list, under a fingerprint of its own.
    const dates = expandSchedule(event.schedule as Schedule).map((o) => ({
      date: o.startsAt.slice(0, 10),
      start: o.startsAt.slice(11, 16),
      end: o.endsAt.slice(11, 16),
    }));
    const updatedAt = new Date(Date.parse(event.updatedAt) + 1000).toISOString();
    const next = { ...event, schedule: { kind: 'dates' as const, dates }, updatedAt };
    expect(await store.events.transition({ seen: event.updatedAt, next })).toBeTruthy();
    const [link] = await store.imports.links(source.id);
    await store.imports.saveLink({ ...link, fingerprint: 'empreinte-du-lecteur-precedent' });
    await stand.forgetEtag(source.id);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, unchanged: 1, updated: 0 });
    const [after] = await stand.events();
    // The new reader says a rule, the stored list says the same dates: nothing is written, nothing goes to moderation.
    expect([event.schedule?.kind, after.updatedAt, after.revision ?? null, after.schedule?.kind]).toEqual([
      'rule',
      updatedAt,
      null,
      'dates',
    ]);
    // The link keeps the new reader's fingerprint: the next runs compare nothing more.
    expect((await store.imports.links(source.id))[0].fingerprint).toBe(link.fingerprint);
    // A change the visitor would see is still one.
    server.set(
      at('/vendredis-lecteur.ics'),
      FRIDAYS.replace('SUMMARY:Jam du vendredi', 'SUMMARY:Jam du vendredi soir'),
    );
    await stand.forgetEtag(source.id);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, updated: 1 });
  });

  it('un calendrier dont tout est passé n’importe rien, et le passage dit pourquoi', async () => {
    const past = calendar(
      'BEGIN:VEVENT',
      'UID:fete-2025@nyon.ch',
      'DTSTAMP:20250101T080000Z',
      'DTSTART;TZID=Europe/Zurich:20250621T180000',
      'SUMMARY:Fête de la musique 2025',
      'END:VEVENT',
    );
    const source = await stand.addSource(at('/passe.ics'), past, true);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({
      ok: true,
      created: 0,
      past: 1,
      errors: [{ uid: '', line: 0, message: 'Aucun événement importé\u00a0: son seul événement est passé.' }],
    });
    expect(await stand.events()).toEqual([]);
  });

  it('un fichier en Windows-1252 (sans charset) se lit avec ses accents', async () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:noel@bulle.ch',
      'DTSTAMP:20261101T080000Z',
      'DTSTART;TZID=Europe/Zurich:20261219T170000',
      'DTEND;TZID=Europe/Zurich:20261219T200000',
      'SUMMARY:Fête de Noël – marché',
      'LOCATION:Hôtel de Ville, Grand-Rue 7, 1630 Bulle',
      'END:VEVENT',
    );
    const source = await stand.addSource(at('/noel.ics'), latin(text), true);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, created: 1 });
    const [event] = await stand.events();
    // Its own place is in Fribourg, whatever the source's canton (Vaud).
    expect([event.title, event.venueName, event.city, event.canton]).toEqual([
      'Fête de Noël – marché',
      'Hôtel de Ville',
      'Bulle',
      'FR',
    ]);
  });

  it('un fuseau défini dans le fichier sous un nom à lui (Evolution, un America/New_York maison) est suivi', async () => {
    const source = await stand.addSource(at('/fuseaux.ics'), CUSTOM_ZONES, true);
    expect(await runSource(stand.deps(), source.id)).toMatchObject({ ok: true, created: 2 });
    const concert = await apiDates(source.id, 'concert@evolution');
    expect([concert.event.startsAt, concert.event.endsAt]).toEqual([
      '2027-06-12T20:30:00+02:00',
      '2027-06-12T22:30:00+02:00',
    ]);
    // 13:00 in a New York the file says is always UTC−5: 20:00 in Zurich's summer; its own place is in Geneva.
    const visio = await apiDates(source.id, 'visio@new-york');
    expect([visio.event.startsAt, visio.event.endsAt, visio.event.venue?.canton]).toEqual([
      '2027-06-12T20:00:00+02:00',
      '2027-06-12T21:00:00+02:00',
      'GE',
    ]);
  });
});

/** Text as Windows-1252 bytes (the characters of these tests all have one). */
function latin(text: string): Buffer {
  const table: Record<string, number> = { '–': 0x96, '’': 0x92 };
  return Buffer.from([...text].map((c) => table[c] ?? c.charCodeAt(0)));
}
