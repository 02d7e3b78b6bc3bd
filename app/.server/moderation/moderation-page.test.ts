// What the moderator reads of a series: its schedule in words in the preview, and a changed rule before and after.
import { describe, expect, it } from 'vitest';
import { makeEvent, makeSaturdayMarket } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { zurichIso } from '../../domain/dates';
import { contentOf } from '../../domain/event';
import { moderationPage } from './moderation-page';

const market = makeSaturdayMarket({ firstDate: '2026-12-05', until: '2027-03-27' });

describe('la page de modération d’une série', () => {
  it('l’aperçu dit l’horaire de la version à décider, les modifications la règle publiée et la nouvelle', async () => {
    const { store } = memoryStore();
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    const span = { startsAt: zurichIso('2026-12-05', '08:00'), endsAt: zurichIso('2027-03-27', '12:00') };
    const published = makeEvent({ ...span, schedule: market });
    const sundays = { ...market, byDay: ['SU' as const], firstDate: '2026-12-06', until: '2027-03-28' };
    const event = { ...published, revision: { ...contentOf(published), schedule: sundays } };
    await store.events.insertMany([event]);

    const page = await moderationPage({ store }, new URL(`https://agenda.test/admin/events?eventId=${event.id}`));
    expect(page.selected?.schedule).toMatchObject({
      sentence: 'Chaque dimanche, 08:00–12:00, du 6 décembre 2026 au 28 mars 2027',
      count: 17,
      first: [{ day: 'dim. 6 déc. 2026', hours: '08:00–12:00' }, ...Array(5).fill(expect.anything())],
    });
    expect(page.selected?.revision).toMatchObject([
      {
        label: 'Dates',
        before: 'Chaque samedi, 08:00–12:00, du 5 décembre 2026 au 27 mars 2027',
        after: 'Chaque dimanche, 08:00–12:00, du 6 décembre 2026 au 28 mars 2027',
      },
    ]);
  });

  // An outside tester: « Du mardi 1er décembre 2026 à 18:30 au mardi 5 janvier 2027 à 20:00 » read like one long event.
  it('sous le titre, une série dit combien de dates, de quel jour à quel jour ; un événement simple, ses heures', async () => {
    const { store } = memoryStore();
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    const span = { startsAt: zurichIso('2026-12-05', '08:00'), endsAt: zurichIso('2027-03-27', '12:00') };
    const series = makeEvent({ ...span, schedule: market });
    const single = makeEvent({ startsAt: zurichIso('2026-12-05', '20:00'), endsAt: zurichIso('2026-12-05', '22:00') });
    await store.events.insertMany([series, single]);
    const when = async (id: string) =>
      (await moderationPage({ store }, new URL(`https://agenda.test/admin/events?eventId=${id}`))).selected?.when;
    expect(await when(series.id)).toBe('17 dates, du samedi 5 décembre 2026 au samedi 27 mars 2027');
    // And in the list beside: its number of dates before its span.
    const list = await moderationPage({ store }, new URL('https://agenda.test/admin/events?status=all'));
    expect(list.items.find((i) => i.id === series.id)?.short).toMatch(/^17 dates · /);
    expect(list.items.find((i) => i.id === single.id)?.short).not.toMatch(/dates/);
    expect(await when(single.id)).toMatch(/^samedi 5 décembre 2026.*20:00/i);
  });
});

describe('la file de modération', () => {
  // Issue 70: the concert of tonight was 6th of 9 in the queue, among events of the coming weeks.
  it('ce qui commence bientôt en tête, le plus tôt d’abord, marqué ; les autres dans l’ordre de la file', async () => {
    const { store } = memoryStore();
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    const now = new Date('2026-12-04T10:00:00Z');
    const pending = (i: number, day: string, hm: string) =>
      makeEvent(
        {
          id: `ev-${i}`,
          title: `Événement ${i}`,
          status: 'pending',
          startsAt: zurichIso(day, hm),
          endsAt: zurichIso(day, '23:00'),
          submittedAt: new Date(Date.UTC(2026, 10, 20 + i)).toISOString(),
        },
        { now: new Date('2026-11-20T10:00:00Z') },
      );
    const days = ['2026-12-20', '2026-12-21', '2027-01-09', '2026-12-19', '2026-12-05', '2026-12-04', '2027-02-01'];
    await store.events.insertMany([...days.map((day, i) => pending(i + 1, day, i === 4 ? '14:00' : '20:00'))]);
    const page = await moderationPage({ store }, new URL('https://agenda.test/admin/events'), now);
    const order = page.items.map((i) => [i.id, i.startsSoon]);
    expect(order.slice(0, 2)).toEqual([
      ['ev-6', true],
      ['ev-5', true],
    ]);
    expect(order.slice(2).every(([, soon]) => soon === false)).toBe(true);
    // The event opened beside the list is the first of it: tonight's.
    expect(page.selected?.id).toBe('ev-6');
    // The others as the queue had them.
    const rest = page.items.slice(2).map((i) => i.id);
    const queue = (
      await moderationPage({ store }, new URL('https://agenda.test/admin/events'), new Date('2026-11-01'))
    ).items
      .map((i) => i.id)
      .filter((id) => rest.includes(id));
    expect(rest).toEqual(queue);
  });
});
