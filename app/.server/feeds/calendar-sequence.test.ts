// The .ics of an event tells calendars that imported it that it changed: RFC 5545's SEQUENCE grows with each change.
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../../tests/support/factories';
import type { AgendaEvent } from '../../domain/event';
import { buildICalendar } from './calendar';

const calendarOf = (events: AgendaEvent[]) =>
  buildICalendar(events, { siteUrl: 'https://agenda-romand.ch', name: 'Test' });

describe('flux iCalendar : SEQUENCE', () => {
  it('chaque changement publié augmente SEQUENCE : un agenda qui a importé le .ics prend la nouvelle version', () => {
    const created = '2026-03-01T09:00:00.000Z';
    const first = makeEvent({ createdAt: created, updatedAt: created });
    const sequenceOf = (event: AgendaEvent) => /^SEQUENCE:(\d+)\r?$/m.exec(calendarOf([event]))?.[1];
    expect(sequenceOf(first)).toBe('0');
    const edited = { ...first, title: 'Concert déplacé', updatedAt: '2026-03-02T10:30:00.000Z' };
    const cancelled = { ...edited, status: 'cancelled' as const, updatedAt: '2026-03-02T10:30:05.000Z' };
    const [a, b, c] = [first, edited, cancelled].map((e) => Number(sequenceOf(e)));
    expect(b).toBeGreaterThan(a);
    expect(c).toBeGreaterThan(b);
    // Within what calendars read as a 32-bit integer for decades.
    expect(Number(sequenceOf({ ...first, updatedAt: '2090-01-01T00:00:00.000Z' }))).toBeLessThan(2 ** 31);
  });
});
