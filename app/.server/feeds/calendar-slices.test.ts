// The feeds of a list made per slice (iCal and RSS), each event's VEVENT kept for the store's revision (issue 46): the same text as
// made at once, and an event changed (a new revision) is never served as it was.
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../../tests/support/factories';
import { buildICalendar, buildICalendarInSlices } from './calendar';
import { buildRss, buildRssInSlices } from './feeds';

const opts = { siteUrl: 'https://agenda-romand.test', name: 'Test' };
const events = Array.from({ length: 45 }, (_, i) =>
  makeEvent({ id: `e${i}`, title: `Concert n° ${i} à l’église Saint-François, avec chœur et orgue` }),
);

describe('flux iCal par tranches', () => {
  it('donne le même texte que fait d’un coup, puis le même depuis ce qui est gardé', async () => {
    const whole = buildICalendar(events, opts);
    expect(await buildICalendarInSlices(events, opts, 1)).toBe(whole);
    expect(await buildICalendarInSlices(events, opts, 1)).toBe(whole);
  });

  it('un événement changé (nouvelle révision du stockage) est écrit tel qu’il est devenu', async () => {
    await buildICalendarInSlices(events, opts, 7);
    const changed = events.map((e) => (e.id === 'e3' ? { ...e, title: 'Concert déplacé' } : e));
    const text = await buildICalendarInSlices(changed, opts, 8);
    expect(text).toBe(buildICalendar(changed, opts));
    expect(text).toContain('SUMMARY:Concert déplacé');
  });
});

describe('flux RSS par tranches', () => {
  it('donne le même texte que fait d’un coup', async () => {
    const rss = { ...opts, title: 'Test', selfUrl: `${opts.siteUrl}/evenements.rss`, description: 'Test' };
    expect(await buildRssInSlices(events, rss)).toBe(buildRss(events, rss));
  });
});
