import { describe, expect, test } from 'vitest';
import { makeEvent, makeSaturdayMarket } from '../../tests/support/factories';
import { zurichIso } from './dates';
import { describeChanges } from './event-diff';

// A Saturday market from 5 December 2026 to 27 March 2027: weekly or every other week, the same first and last day.
const market = makeSaturdayMarket({ firstDate: '2026-12-05', until: '2027-03-27' });
const span = { startsAt: zurichIso('2026-12-05', '08:00'), endsAt: zurichIso('2027-03-27', '12:00') };

describe('what an organizer changed, for the moderator', () => {
  test('a rule change within the same span reads as the rule before and after, not twice the same span', () => {
    const published = makeEvent({ ...span, schedule: market });
    const revision = makeEvent({ ...span, schedule: { ...market, interval: 2, exclude: ['2027-01-02'] } });
    expect(describeChanges(published, revision)).toEqual([
      {
        label: 'Dates',
        before: 'Chaque samedi, 08:00–12:00, du 5 décembre 2026 au 27 mars 2027',
        after:
          'Toutes les 2 semaines le samedi, 08:00–12:00, du 5 décembre 2026 au 27 mars 2027, sauf le 2 janvier 2027',
      },
    ]);
  });

  test('a single date that becomes a series: its date before, the rule after', () => {
    const single = makeEvent({ startsAt: zurichIso('2026-12-05', '08:00'), endsAt: zurichIso('2026-12-05', '12:00') });
    const series = makeEvent({ ...span, schedule: market });
    expect(describeChanges(single, series)).toEqual([
      {
        label: 'Dates',
        before: 'samedi 5 décembre 2026, 08:00 – 12:00',
        after: 'Chaque samedi, 08:00–12:00, du 5 décembre 2026 au 27 mars 2027',
      },
    ]);
  });

  test('a change of performers reads as the names before and after; a revision from before issue 52 changes none', () => {
    const published = makeEvent({ performers: ['Stephan Eicher'] });
    const revision = makeEvent({ performers: ['Stephan Eicher', 'Sophie Hunger'] });
    expect(describeChanges(published, revision)).toEqual([
      { label: 'Artistes, intervenants', before: 'Stephan Eicher', after: 'Stephan Eicher, Sophie Hunger' },
    ]);
    expect(describeChanges(revision, makeEvent({ performers: [] }))).toEqual([
      { label: 'Artistes, intervenants', before: 'Stephan Eicher, Sophie Hunger', after: '—' },
    ]);
    const { performers: _none, ...older } = makeEvent();
    expect(describeChanges(makeEvent({ performers: [] }), older)).toEqual([]);
  });

  // An outside tester read « Selon la météo : false » struck through in the moderation queue.
  test('« Selon la météo » reads Oui or Non; an absent flag become false is no change to show', () => {
    expect(describeChanges(makeEvent({ weatherDependent: false }), makeEvent({ weatherDependent: true }))).toEqual([
      { label: 'Selon la météo', before: 'Non', after: 'Oui' },
    ]);
    const { weatherDependent: _none, ...older } = makeEvent();
    expect(describeChanges(older, makeEvent({ weatherDependent: false }))).toEqual([]);
  });
});
