// The organizer's confirmation and dashboard show a series as the public list will (an outside tester saw « mar. 1er
// déc. → mar. 19 janv. » there, for a weekly series the public card calls « Chaque mardi · 18:00 · 8 dates »).
import { describe, expect, it } from 'vitest';
import { makeEvent, makeSaturdayMarket } from '../../../tests/support/factories';
import { zurichIso } from '../../domain/dates';
import { toEventCard } from '../../domain/event-card';
import { asWholeSeries } from './whole-series';

describe('une série lue en entier', () => {
  const market = makeEvent({
    startsAt: zurichIso('2026-12-05', '08:00'),
    endsAt: zurichIso('2027-03-27', '12:00'),
    schedule: makeSaturdayMarket({ firstDate: '2026-12-05', until: '2027-03-27' }),
  });

  it('sa carte dit sa règle et ses dates, toutes, ou celles à venir qui ont lieu quand on les connaît', () => {
    expect(toEventCard(market).series).toBeNull();
    expect(toEventCard(asWholeSeries(market)).series?.text).toBe('Chaque samedi · 08:00 · 17 dates');
    expect(toEventCard(asWholeSeries(market, 12)).series?.text).toBe('Chaque samedi · 08:00 · 12 dates');
  });

  it('un événement simple, ou une série trouvée par une liste, reste tel quel', () => {
    const single = makeEvent();
    expect(asWholeSeries(single)).toBe(single);
    const found = { ...market, occurrence: { cancelled: false, upcoming: 3, matching: 2 } };
    expect(asWholeSeries(found)).toBe(found);
  });
});
