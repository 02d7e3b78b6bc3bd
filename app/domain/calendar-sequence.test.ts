// Which steps of an event's life make a new calendar version (SEQUENCE, issue 52), step by step.
import { describe, expect, it } from 'vitest';
import { makeEvent, makeSaturdayMarket } from '../../tests/support/factories';
import { calendarSequence } from './calendar-sequence';
import type { AgendaEvent } from './event';

/** The SEQUENCE after each step, each written as the store writes it. */
function sequencesAfter(start: AgendaEvent, ...steps: ((e: AgendaEvent) => AgendaEvent)[]): number[] {
  const seen: number[] = [];
  let event = start;
  for (const step of steps) {
    const next = step(event);
    event = { ...next, icalSequence: calendarSequence(event, next) };
    seen.push(event.icalSequence ?? 0);
  }
  return seen;
}

describe('SEQUENCE d’un événement', () => {
  const pending = makeEvent({ status: 'pending' });

  it('les changements avant la première publication ne comptent pas : publié, il est à 0', () => {
    expect(
      sequencesAfter(
        pending,
        (e) => ({ ...e, title: 'Autre titre', startsAt: '2030-01-01T18:00:00.000Z' }),
        (e) => ({ ...e, status: 'approved' }),
      ),
    ).toEqual([0, 0]);
  });

  it('retiré du site, il compte une version ; republié, il ne recompte pas', () => {
    const approved = { ...pending, status: 'approved' as const, icalSequence: 4 };
    expect(
      sequencesAfter(
        approved,
        (e) => ({ ...e, status: 'pending' }),
        (e) => ({ ...e, city: 'Bienne' }),
        (e) => ({ ...e, status: 'approved' }),
      ),
    ).toEqual([5, 5, 5]);
  });

  it('un jour exclu d’une série, une date annulée, une heure de fin : une nouvelle version ; un contact, non', () => {
    const schedule = makeSaturdayMarket({ firstDate: '2030-01-05', until: '2030-03-30' });
    const market = makeEvent({ status: 'approved', schedule });
    expect(
      sequencesAfter(
        market,
        (e) => ({ ...e, schedule: { ...schedule, exclude: ['2030-01-12'] } }),
        (e) => ({ ...e, cancelledDates: ['2030-01-19T07:00:00.000Z'] }),
        (e) => ({ ...e, contactPhone: '032 000 00 00', ticketUrl: 'https://billets.example' }),
        (e) => ({ ...e, openEnd: true }),
      ),
    ).toEqual([1, 2, 2, 3]);
  });
});
