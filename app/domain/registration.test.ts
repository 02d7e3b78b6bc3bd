// The words of places to book (decision 168) as the card, the page, the API and the JSON-LD say them.
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../tests/support/factories';
import { eventJsonLd } from './event-jsonld';
import { availabilityOf, availabilityText, promotions, type RegistrationOpening } from './registration';

const NOW = new Date('2030-03-01T10:00:00Z');
const opening = (more: Partial<RegistrationOpening>): RegistrationOpening => ({
  eventId: 'atelier',
  startsAt: '2030-03-20T17:00:00.000Z',
  places: 12,
  closesAt: null,
  waitingList: true,
  perPerson: 4,
  questions: [],
  closed: false,
  confirmed: 0,
  waiting: 0,
  remindedAt: null,
  createdAt: '',
  updatedAt: '',
  ...more,
});
const words = (more: Partial<RegistrationOpening>, now = NOW) => availabilityText(availabilityOf(opening(more), now));

describe('les mots des places à réserver', () => {
  it('« 12 places », « Plus que 3 places », « Complet — liste d’attente », « Complet », « Inscriptions closes »', () => {
    expect(words({})).toBe('12\u00a0places');
    expect(words({ confirmed: 9 })).toBe('Plus que 3\u00a0places');
    expect(words({ confirmed: 11 })).toBe('Plus qu’une place');
    expect(words({ confirmed: 12 })).toBe('Complet — liste d’attente');
    expect(words({ confirmed: 12, waitingList: false })).toBe('Complet');
    expect(words({ closed: true })).toBe('Inscriptions closes');
    expect(words({ closesAt: '2030-03-01T09:00:00.000Z' })).toBe('Inscriptions closes');
    expect(words({}, new Date('2030-03-20T17:00:00.000Z'))).toBe('Inscriptions closes');
  });

  it('les premiers en attente passent dans leur ordre, sans qu’un petit groupe double un grand', () => {
    const waiting = [
      { id: 'b', seq: 2, people: 3 },
      { id: 'a', seq: 1, people: 1 },
      { id: 'c', seq: 3, people: 1 },
    ];
    expect(promotions({ places: 4, confirmed: 1 }, waiting).map((r) => r.id)).toEqual(['a']);
    expect(promotions({ places: 5, confirmed: 0 }, waiting).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('le JSON-LD : offers.availability et remainingAttendeeCapacity de la date', () => {
    const event = makeEvent({ startsAt: '2030-03-20T17:00:00.000Z', isFree: true, status: 'approved' });
    const ld = (more: Partial<RegistrationOpening>) =>
      eventJsonLd(
        event,
        'https://agenda.exemple.ch',
        {},
        {
          startsAt: event.startsAt,
          availability: availabilityOf(opening(more), NOW),
        },
      ) as { offers: { availability: string }; remainingAttendeeCapacity?: number };
    expect(ld({ confirmed: 9 })).toMatchObject({
      offers: { availability: 'https://schema.org/LimitedAvailability' },
      remainingAttendeeCapacity: 3,
    });
    expect(ld({ confirmed: 12 })).toMatchObject({
      offers: { availability: 'https://schema.org/SoldOut' },
      remainingAttendeeCapacity: 0,
    });
    const plain = JSON.parse(JSON.stringify(eventJsonLd(event, 'https://agenda.exemple.ch')));
    expect(plain).not.toHaveProperty('remainingAttendeeCapacity');
    expect(plain.offers.availability).toBe('https://schema.org/InStock');
  });
});
