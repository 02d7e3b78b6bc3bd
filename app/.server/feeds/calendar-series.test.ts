// A series in the event's .ics (decision 041) reads back, through node-ical, as the same dates as the site lists.
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { makeExhibition, makeSaturdayMarket, makeSeriesEvent } from '../../../tests/support/factories';
import type { AgendaEvent } from '../../domain/event';
import { seriesJsonLd } from '../../domain/event-jsonld';
import type { Schedule } from '../../domain/schedule';
import { expandSchedule } from '../schedule/schedule-expand';
import { buildICalendar } from './calendar';

const SITE = 'https://agenda-romand.test';

const seriesEvent = (schedule: Schedule, overrides: Partial<AgendaEvent> = {}) =>
  makeSeriesEvent(schedule, { id: 'serie', ...overrides });

/** Every instance of the calendar's VEVENTs, as instants (ms), in order. */
function instants(ics: string): number[] {
  const events = Object.values(ical.sync.parseICS(ics)).filter(
    (c): c is VEvent => typeof c === 'object' && c !== null && 'type' in c && c.type === 'VEVENT',
  );
  return events
    .flatMap((e) =>
      ical.expandRecurringEvent(e, { from: new Date('2026-01-01'), to: new Date('2028-12-31') }).map((i) => i.start),
    )
    .map((d) => new Date(d).getTime())
    .sort((a, b) => a - b);
}

const weekly = makeSaturdayMarket({ firstDate: '2026-10-10', until: '2026-11-28', exclude: ['2026-10-31'] });

describe('une série dans le .ics', () => {
  it('une règle : un VEVENT par date avec l’UID des flux, sans la date exclue ; node-ical en tire les dates du site', () => {
    const ics = buildICalendar([seriesEvent(weekly)], { siteUrl: SITE, name: 'Test' });
    // No rule in any VEVENT (the zone's own VTIMEZONE keeps its rules).
    expect(
      ics
        .split('BEGIN:VEVENT')
        .slice(1)
        .filter((v) => v.includes('RRULE:')),
    ).toEqual([]);
    expect(ics).toContain('BEGIN:VTIMEZONE');
    // Summer then winter time: 08:00 in Zurich both, each date's own UID.
    expect(ics).toContain('UID:serie-20261010T0800@agenda-romand.ch');
    expect(ics).toContain('UID:serie-20261128T0800@agenda-romand.ch');
    expect(ics).not.toContain('UID:serie-20261031T0800@agenda-romand.ch');
    const expected = expandSchedule(weekly).map((o) => Date.parse(o.startsAt));
    expect(expected).toHaveLength(7);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(7);
    expect(instants(ics)).toEqual(expected);
  });

  it('une date annulée reste, « Annulé : » et STATUS:CANCELLED sous son propre UID ; les autres restent', () => {
    const cancelled = '2026-11-07T08:00:00+01:00';
    const ics = buildICalendar([seriesEvent(weekly, { cancelledDates: [cancelled] })], { siteUrl: SITE, name: 'T' });
    const vevents = Object.values(ical.sync.parseICS(ics)).filter(
      (c): c is VEvent => typeof c === 'object' && c !== null && 'type' in c && c.type === 'VEVENT',
    );
    const summaries = new Map(vevents.map((e) => [new Date(e.start).getTime(), String(e.summary)]));
    expect([...summaries.keys()].sort((a, b) => a - b)).toEqual(
      expandSchedule(weekly).map((o) => Date.parse(o.startsAt)),
    );
    expect(summaries.get(Date.parse(cancelled))).toBe('Annulé : Concert de printemps');
    expect([...summaries.values()].filter((t) => t.startsWith('Annulé'))).toHaveLength(1);
    const off = vevents.find((e) => new Date(e.start).getTime() === Date.parse(cancelled));
    expect([off?.uid, off?.status]).toEqual(['serie-20261107T0800@agenda-romand.ch', 'CANCELLED']);
  });

  it('le 5e dimanche et le 31 du mois : mêmes dates que le site', () => {
    for (const monthly of [
      { mode: 'weekday' as const, nth: 5, weekday: 'SU' as const },
      { mode: 'monthday' as const, day: 31 },
    ]) {
      const rule: Schedule = {
        ...weekly,
        freq: 'monthly',
        byDay: [],
        monthly,
        firstDate: '2026-01-01',
        until: '2027-12-31',
        exclude: [],
      };
      const ics = buildICalendar([seriesEvent(rule)], { siteUrl: SITE, name: 'T' });
      expect(instants(ics)).toEqual(expandSchedule(rule).map((o) => Date.parse(o.startsAt)));
    }
  });

  it('une liste de dates : un VEVENT par date, chacun avec ses heures et son UID', () => {
    const dates: Schedule = {
      kind: 'dates',
      dates: [
        { date: '2026-11-20', start: '20:00', end: '22:00' },
        { date: '2026-11-22', start: '17:00', end: '19:00' },
      ],
    };
    const ics = buildICalendar([seriesEvent(dates)], { siteUrl: SITE, name: 'T' });
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('UID:serie-20261120T2000@agenda-romand.ch');
    expect(instants(ics)).toEqual([Date.parse('2026-11-20T20:00:00+01:00'), Date.parse('2026-11-22T17:00:00+01:00')]);
  });

  it('une période : une seule entrée de toute la journée sur ses jours, libre, ses heures et fermetures en tête', () => {
    const period = makeExhibition({ from: '2026-11-24', to: '2027-02-28', closed: ['2026-12-01'] });
    const ics = buildICalendar([seriesEvent(period)], { siteUrl: SITE, name: 'T' });
    const unfolded = ics.replace(/\r?\n /g, '');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20261124');
    expect(unfolded).toContain('DTEND;VALUE=DATE:20270301');
    expect(unfolded).toContain('TRANSP:TRANSPARENT');
    expect(unfolded).not.toMatch(/RRULE:FREQ=(WEEKLY|DAILY)/);
    expect(unfolded).toContain('DESCRIPTION:Du 24 novembre 2026 au 28 février 2027\\, mardi 10:00–18:00\\, dimanche');
    expect(unfolded).toContain('fermé le lundi');
  });
});

describe('JSON-LD d’une série', () => {
  it('les dix prochaines dates, pas davantage : chaque autre date a son Event sur sa propre page', () => {
    const event = seriesEvent(weekly);
    const days = Array.from(
      { length: 30 },
      (_, i) => `2026-${10 + Math.floor(i / 28)}-${String((i % 28) + 1).padStart(2, '0')}`,
    );
    const dates = days.map((day) => ({
      startsAt: `${day}T08:00:00+02:00`,
      endsAt: `${day}T12:00:00+02:00`,
      openEnd: false,
      cancelled: false,
      day,
    }));
    const ld = seriesJsonLd(event, SITE, dates);
    expect(ld.map((e) => e.url)).toEqual(days.slice(0, 10).map((day) => `${SITE}/evenement/serie?date=${day}`));
  });

  it('un Event par date, chacun avec son adresse ?date= ; une date annulée est EventCancelled', () => {
    const event = seriesEvent(weekly);
    const ld = seriesJsonLd(event, SITE, [
      {
        startsAt: '2026-10-10T08:00:00+02:00',
        endsAt: '2026-10-10T12:00:00+02:00',
        openEnd: false,
        cancelled: false,
        day: '2026-10-10',
      },
      {
        startsAt: '2026-10-17T08:00:00+02:00',
        endsAt: '2026-10-17T12:00:00+02:00',
        openEnd: false,
        cancelled: true,
        day: '2026-10-17',
      },
    ]);
    expect(ld.map((e) => [e['@type'], e.startDate, e.url, e.eventStatus])).toEqual([
      [
        'Event',
        '2026-10-10T08:00:00+02:00',
        `${SITE}/evenement/serie?date=2026-10-10`,
        'https://schema.org/EventScheduled',
      ],
      [
        'Event',
        '2026-10-17T08:00:00+02:00',
        `${SITE}/evenement/serie?date=2026-10-17`,
        'https://schema.org/EventCancelled',
      ],
    ]);
  });
});
