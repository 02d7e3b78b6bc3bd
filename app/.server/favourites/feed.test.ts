// `/favoris` and the personal calendar (decision 170): in date order, those past apart, « Annulé » and « Date changée »
// said; the feed, read by ical.js as a calendar app reads it, has the UIDs of the public .ics files (a whole series:
// each of its dates; one date: that date's), a cancelled one STATUS:CANCELLED; a renewed secret leaves the old a 404.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeSaturdayMarket, makeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { buildICalendar } from '../feeds/calendar';
import { scheduleSpan } from '../schedule/schedule-expand';
import { accountFeedToken, favouritesFeed, favouritesPage } from './feed';

const NOW = new Date('2030-03-10T10:00:00Z');
const SITE = { SITE_URL: 'https://agenda.test' };

function uids(ics: string): Map<string, string> {
  const root = new ICAL.Component(ICAL.parse(ics));
  return new Map(
    root
      .getAllSubcomponents('vevent')
      .map((v) => [String(v.getFirstPropertyValue('uid')), String(v.getFirstPropertyValue('status'))]),
  );
}

async function setup() {
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  await store.users.upsert({ ...makeUser({ uid: 'ana' }), passwordHash: 'x', now: '' });
  const at = (startsAt: string, endsAt: string) => ({ startsAt, endsAt });
  const schedule = makeSaturdayMarket({ firstDate: '2030-03-02', count: 8 });
  const market = makeEvent({ id: 'marche', title: 'Marché', status: 'approved', schedule, ...scheduleSpan(schedule) });
  await store.events.insertMany([
    makeEvent({
      id: 'concert',
      title: 'Concert',
      status: 'approved',
      ...at('2030-03-20T19:00:00.000Z', '2030-03-20T21:00:00.000Z'),
    }),
    makeEvent({
      id: 'theatre',
      title: 'Théâtre',
      status: 'cancelled',
      ...at('2030-03-15T19:00:00.000Z', '2030-03-15T21:00:00.000Z'),
    }),
    makeEvent({
      id: 'bal',
      title: 'Bal',
      status: 'approved',
      ...at('2030-03-01T19:00:00.000Z', '2030-03-01T23:00:00.000Z'),
    }),
    market,
  ]);
  const dates = scheduleSpan(schedule);
  return { store, market, dates };
}

describe('mes favoris et mon calendrier', () => {
  it('dans l’ordre des dates, passés à part ; « Annulé » et « Date changée » dits', async () => {
    const { store, market } = await setup();
    const third = new Date(Date.parse(market.startsAt) + 14 * 86_400_000).toISOString();
    const thirdAsWritten = '2030-03-16T08:00:00+01:00';
    await store.favourites.add(
      'ana',
      [
        { eventId: 'concert', startsAt: null },
        { eventId: 'theatre', startsAt: null },
        { eventId: 'bal', startsAt: null },
        { eventId: 'marche', startsAt: third },
        { eventId: 'marche', startsAt: '2030-03-17T09:00:00.000Z' },
      ],
      NOW.toISOString(),
      50,
    );
    const { view } = await favouritesPage({ store, config: SITE }, 'ana', null, NOW);
    expect(view.upcoming.map((i) => [i.event.id, i.startsAt, i.cancelled, i.dateChanged])).toEqual([
      ['theatre', '2030-03-15T19:00:00.000Z', true, false],
      ['marche', thirdAsWritten, false, false],
      ['marche', '2030-03-17T09:00:00.000Z', false, true],
      ['concert', '2030-03-20T19:00:00.000Z', false, false],
    ]);
    expect(view.past.map((i) => i.event.id)).toEqual(['bal']);
  });

  it('le flux : les UID des flux publics, l’annulé STATUS:CANCELLED ; renouvelé, l’ancien lien ne donne rien', async () => {
    const { store, market } = await setup();
    const second = new Date(Date.parse(market.startsAt) + 7 * 86_400_000).toISOString();
    await store.favourites.add(
      'ana',
      [
        { eventId: 'concert', startsAt: null },
        { eventId: 'theatre', startsAt: null },
        { eventId: 'marche', startsAt: second },
      ],
      NOW.toISOString(),
      50,
    );
    const token = await accountFeedToken(store, 'ana', NOW);
    const ics = (await favouritesFeed({ store, config: SITE }, token, NOW)) ?? '';
    const mine = uids(ics);
    // The UIDs of the public files: each event's own .ics (the series': every date).
    const events = await Promise.all(['concert', 'theatre', 'marche'].map((id) => store.events.findById(id)));
    const published = uids(
      buildICalendar(
        events.filter((e) => e !== null),
        { siteUrl: SITE.SITE_URL, name: 'x' },
      ),
    );
    expect(mine.size).toBe(3);
    for (const uid of mine.keys()) expect(published.has(uid)).toBe(true);
    expect(mine.get('concert@agenda-romand.ch')).toBe('CONFIRMED');
    expect(mine.get('theatre@agenda-romand.ch')).toBe('CANCELLED');
    expect([...mine.keys()]).toContain('marche-20300309T0800@agenda-romand.ch');

    const renewed = await accountFeedToken(store, 'ana', NOW, true);
    expect(renewed).not.toBe(token);
    expect(await favouritesFeed({ store, config: SITE }, token, NOW)).toBeNull();
    expect(await favouritesFeed({ store, config: SITE }, renewed, NOW)).toContain('BEGIN:VEVENT');
  });
});
