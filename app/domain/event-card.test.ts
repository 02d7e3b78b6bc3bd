// A card of « Ce week-end » seen on Saturday evening (issue 70): an exhibition whose Saturday hours are over links to
// its Sunday, stands under Sunday and says so; the same card in the afternoon keeps its Saturday. A card also says
// what its date offers to book, in the page's words (issue 73).
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../tests/support/factories';
import { toEventCard } from './event-card';
import { listedDay } from './event-days';
import { dateWindow } from './event-filters';
import { lookedAtDays } from './opening-text';
import { availabilityOf, type RegistrationOpening } from './registration';
import type { SchedulePeriod } from './schedule';

const period: SchedulePeriod = {
  kind: 'period',
  from: '2026-12-01',
  to: '2027-02-28',
  hours: { SA: { open: '10:00', close: '18:00' }, SU: { open: '11:00', close: '17:00' } },
  closed: [],
};
const exhibition = makeEvent({
  title: 'Exposition de crèches',
  schedule: period,
  startsAt: '2026-12-01T09:00:00.000Z',
  endsAt: '2027-02-28T16:00:00.000Z',
});

/** The card « Ce week-end » shows at `now`, as the list's loader makes it. */
function weekendCard(now: Date) {
  const window = dateWindow({ when: 'week-end', from: '', to: '' }, now);
  return toEventCard(exhibition, { days: lookedAtDays(period, window, now), now });
}

describe('« Ce week-end » le samedi soir : la carte d’une exposition', () => {
  it('après la fermeture du samedi, mène au dimanche et se range sous lui', () => {
    // Saturday 5 December 2026, 19:30 in Zurich.
    const card = weekendCard(new Date('2026-12-05T18:30:00Z'));
    expect(card.linkDay).toBe('2026-12-06');
    expect(listedDay(card)).toBe('2026-12-06');
    expect(card.opening).toBe('fermé pour aujourd’hui, ouvert demain 11:00–17:00');
  });

  it('le samedi après-midi, encore ouverte : mène au samedi', () => {
    const card = weekendCard(new Date('2026-12-05T14:00:00Z'));
    expect(card.linkDay).toBe('2026-12-05');
    expect(listedDay(card)).toBe('2026-12-05');
    expect(card.opening).toBe('ouvert samedi 10:00–18:00, dimanche 11:00–17:00');
  });
});

describe('les places à réserver sur la carte (issue 73)', () => {
  const startsAt = '2026-12-10T17:00:00.000Z';
  const atelier = makeEvent({ title: 'Atelier de couronnes', startsAt, endsAt: '2026-12-10T19:00:00.000Z' });
  const opening = (o: Partial<RegistrationOpening>): RegistrationOpening => ({
    eventId: atelier.id,
    startsAt,
    places: 12,
    closesAt: null,
    waitingList: true,
    perPerson: 4,
    questions: [],
    closed: false,
    confirmed: 0,
    waiting: 0,
    remindedAt: null,
    createdAt: '2026-12-01T08:00:00.000Z',
    updatedAt: '2026-12-01T08:00:00.000Z',
    ...o,
  });
  const now = new Date('2026-12-05T10:00:00Z');
  const cardWith = (o: Partial<RegistrationOpening>) =>
    toEventCard(atelier, { now, registration: availabilityOf(opening(o), now) }).registration;

  it('les mots de la page : places, plus que, complet avec liste d’attente, closes', () => {
    expect(cardWith({})).toBe('12\u00a0places');
    expect(cardWith({ confirmed: 9 })).toBe('Plus que 3\u00a0places');
    expect(cardWith({ confirmed: 11 })).toBe('Plus qu’une place');
    expect(cardWith({ confirmed: 12 })).toBe('Complet — liste d’attente');
    expect(cardWith({ confirmed: 12, waitingList: false })).toBe('Complet');
    expect(cardWith({ closed: true })).toBe('Inscriptions closes');
    expect(cardWith({ closesAt: '2026-12-05T09:00:00.000Z' })).toBe('Inscriptions closes');
  });

  it('une date sans inscription ne dit rien', () => {
    expect(toEventCard(atelier, { now }).registration).toBeNull();
  });
});
