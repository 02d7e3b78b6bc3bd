import { describe, expect, it } from 'vitest';
import {
  type Connection,
  chooseLastTrip,
  lastTripMessage,
  type ReturnWindow,
  returnWindow,
  searchStarts,
  transfersText,
} from './last-trip';

/** A connection Lausanne → Yverdon-les-Bains leaving and arriving at Zurich wall-clock times (winter: +01:00). */
const ride = (departure: string, arrival: string, transfers = 0): Connection => ({
  from: 'Lausanne',
  to: 'Yverdon-les-Bains',
  departure: new Date(`${departure}+01:00`).toISOString(),
  arrival: new Date(`${arrival}+01:00`).toISOString(),
  transfers,
});

const NIGHT = [
  ride('2026-12-05T22:15', '2026-12-05T22:38'),
  ride('2026-12-05T23:15', '2026-12-05T23:38'),
  ride('2026-12-05T23:42', '2026-12-06T00:20', 1),
  ride('2026-12-06T05:12', '2026-12-06T05:35'),
];

const concert = (endsAt: string, extra: { openEnd?: boolean; allDay?: boolean; startsAt?: string } = {}) => ({
  startsAt: '2026-12-05T20:00:00+01:00',
  endsAt,
  allDay: false,
  ...extra,
});

describe('« Dernier retour » : la dernière liaison après la fin', () => {
  it('prend le dernier départ après la fin (et la marche jusqu’à l’arrêt) qui arrive dans la nuit', () => {
    const window = returnWindow(concert('2026-12-05T22:30:00+01:00'));
    expect(window?.leaveFrom.toISOString()).toBe('2026-12-05T21:40:00.000Z');
    expect(window?.nightEnds.toISOString()).toBe('2026-12-06T03:00:00.000Z');
    // 23:42, not the first train of the morning at 05:12.
    expect(chooseLastTrip(NIGHT, window ?? (null as never))).toEqual(NIGHT[2]);
  });

  it('à départ égal, l’arrivée la plus tôt puis le moins de changements', () => {
    const window = returnWindow(concert('2026-12-05T22:30:00+01:00'));
    const slow = ride('2026-12-05T23:42', '2026-12-06T00:40', 2);
    const fast = ride('2026-12-05T23:42', '2026-12-06T00:20', 2);
    const direct = ride('2026-12-05T23:42', '2026-12-06T00:20', 0);
    expect(chooseLastTrip([slow, fast, direct], window ?? (null as never))).toEqual(direct);
  });

  it('aucune après minuit quand il n’y en a plus : la nuit finit à 4 h, le train du matin n’en est pas une', () => {
    const window = returnWindow(concert('2026-12-06T00:30:00+01:00'));
    // Still the night of Saturday: it ends on Sunday at 04:00.
    expect(window?.evening).toBe('2026-12-05');
    expect(chooseLastTrip(NIGHT, window ?? (null as never))).toBeNull();
    expect(lastTripMessage({ kind: 'none', sbb: '' })).toMatch(/^Plus de liaison ce soir après la fin\./);
  });

  it('après une nuit entière (23:00 – 05:00), le premier départ après la fin, pas le dernier du soir suivant', () => {
    // An outside tester got « Dernier départ à 23:42 » (Saturday evening) for a party ending on Saturday at 05:00.
    const party = returnWindow(
      concert('2026-12-06T05:00:00+01:00', { startsAt: '2026-12-05T23:00:00+01:00' }),
    ) as ReturnWindow;
    expect(party.morning).toBe(true);
    expect(searchStarts(party).map((d) => d.toISOString())).toEqual(['2026-12-06T04:10:00.000Z']);
    const morning = [
      ride('2026-12-06T05:42', '2026-12-06T06:05'),
      ride('2026-12-06T05:12', '2026-12-06T05:35'),
      ride('2026-12-06T05:12', '2026-12-06T05:41', 1),
      ride('2026-12-06T23:42', '2026-12-07T00:20', 1),
    ];
    const trip = chooseLastTrip(morning, party);
    expect(trip).toEqual(morning[1]);
    expect(lastTripMessage({ kind: 'trip', trip: morning[1], sbb: '', first: true })).toBe(
      'Premier départ à 05:12 de Lausanne, arrivée à 05:35 à Yverdon-les-Bains (direct).',
    );
    // A concert ending at 00:30 is still the evening's; a market ending at 10:00 the same day is not a night out.
    expect(returnWindow(concert('2026-12-06T00:30:00+01:00'))?.morning).toBe(false);
    expect(returnWindow(concert('2026-12-05T10:00:00+01:00', { startsAt: '2026-12-05T07:00:00+01:00' }))).toBeNull();
  });

  it('rien pour un repas de midi fini à 13:30 : le dernier retour est une affaire du soir', () => {
    // Found on the walk of issue 70: « Dernier retour » offered under a lunch.
    expect(returnWindow(concert('2026-12-05T13:30:00+01:00', { startsAt: '2026-12-05T12:00:00+01:00' }))).toBeNull();
    expect(returnWindow(concert('2026-12-05T16:45:00+01:00', { startsAt: '2026-12-05T14:00:00+01:00' }))).toBeNull();
    // Out from 17:00 (the end and the walk), it is offered.
    expect(
      returnWindow(concert('2026-12-05T16:50:00+01:00', { startsAt: '2026-12-05T14:00:00+01:00' })),
    ).not.toBeNull();
  });

  it('un départ avant la fin ne compte pas, même le dernier', () => {
    const window = returnWindow(concert('2026-12-05T23:40:00+01:00'));
    expect(chooseLastTrip(NIGHT, window ?? (null as never))).toBeNull();
  });

  it('sans heure de fin, deux heures comptées ; toute la journée, rien à compter', () => {
    const window = returnWindow(concert('2026-12-05T23:59:00+01:00', { openEnd: true }));
    expect(window?.leaveFrom.toISOString()).toBe('2026-12-05T21:10:00.000Z');
    expect(window?.assumedEnd).toBe(true);
    expect(returnWindow(concert('2026-12-05T23:59:00+01:00', { allDay: true }))).toBeNull();
  });

  it('demande l’horaire depuis 21 h d’abord, puis depuis la fin si elle est plus tôt', () => {
    const early = returnWindow(concert('2026-12-05T18:00:00+01:00', { startsAt: '2026-12-05T16:00:00+01:00' }));
    expect(searchStarts(early ?? (null as never)).map((d) => d.toISOString())).toEqual([
      '2026-12-05T20:00:00.000Z',
      '2026-12-05T17:10:00.000Z',
    ]);
    const late = returnWindow(concert('2026-12-05T22:30:00+01:00'));
    expect(searchStarts(late ?? (null as never)).map((d) => d.toISOString())).toEqual(['2026-12-05T21:40:00.000Z']);
  });

  it('le dit en français, heures de Suisse romande', () => {
    expect(lastTripMessage({ kind: 'trip', trip: NIGHT[2], sbb: '' })).toBe(
      'Dernier départ à 23:42 de Lausanne, arrivée à 00:20 à Yverdon-les-Bains (1\u00a0changement).',
    );
    // From a stop whose name begins with a vowel: « d’Yverdon-les-Bains ».
    const back = { ...NIGHT[2], from: 'Yverdon-les-Bains', to: 'Lausanne' };
    expect(lastTripMessage({ kind: 'trip', trip: back, sbb: '' })).toBe(
      'Dernier départ à 23:42 d’Yverdon-les-Bains, arrivée à 00:20 à Lausanne (1\u00a0changement).',
    );
    expect(transfersText(0)).toBe('direct');
    expect(transfersText(2)).toBe('2\u00a0changements');
  });
});
