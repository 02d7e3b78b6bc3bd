// A single event over several days in a calendar file (issue 70): the « Marché de Noël » of four weeks is one all-day
// entry over its days, free time, its stated times said first; an evening concert stays a timed, busy entry.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../../tests/support/factories';
import { zurichIso } from '../../domain/dates';
import { buildICalendar } from './calendar';

const SITE = 'https://agenda-romand.test';
const NOW = new Date('2026-11-21T09:00:00Z');

function entries(ics: string) {
  const root = new ICAL.Component(ICAL.parse(ics));
  return new Map(
    root.getAllSubcomponents('vevent').map((v) => {
      const event = new ICAL.Event(v);
      return [
        event.uid.split('@')[0],
        {
          start: event.startDate.toString(),
          end: event.endDate.toString(),
          allDay: event.startDate.isDate,
          free: v.getFirstPropertyValue('transp') === 'TRANSPARENT',
          description: event.description,
        },
      ];
    }),
  );
}

describe('un événement de plusieurs jours dans un calendrier', () => {
  it('le marché de quatre semaines : toute la journée sur ses jours, temps libre, ses heures dites', () => {
    const market = {
      ...makeEvent(
        {
          title: 'Marché de Noël',
          startsAt: zurichIso('2026-12-01', '11:00'),
          endsAt: zurichIso('2026-12-28', '20:00'),
        },
        { now: NOW },
      ),
      id: 'marche',
    };
    const concert = {
      ...makeEvent(
        { startsAt: zurichIso('2026-12-05', '20:00'), endsAt: zurichIso('2026-12-06', '01:00') },
        { now: NOW },
      ),
      id: 'concert',
    };
    const got = entries(buildICalendar([market, concert], { siteUrl: SITE, name: 'Test' }));
    expect(got.get('marche')).toMatchObject({ start: '2026-12-01', end: '2026-12-29', allDay: true, free: true });
    expect(got.get('marche')?.description).toMatch(
      /^Du mardi 1er décembre 2026 .*11:00 au lundi 28 décembre 2026 .*20:00\n\n/,
    );
    expect(got.get('concert')).toMatchObject({ allDay: false, free: false });
  });
});
