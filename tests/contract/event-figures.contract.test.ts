// What organizers and admins see of the events (issue 74, decision 171) on SQLite and on Firestore: each count adds one
// to its event's counter (date of a series, week, kind) and to the site's (category, canton), changes no page (the
// revision stays), and the dashboards read the counters back in the same order on both stores.
import { describe, expect, it } from 'vitest';
import { BACKENDS, storeForEachTest } from './backends';

const count = (eventId: string, kind: 'view' | 'calendar', week: string, day = '') => ({
  eventId,
  day,
  week,
  kind,
  category: 'musique',
  canton: 'VD',
});

describe.each(BACKENDS)('chiffres des événements : $name', (backend) => {
  const store = storeForEachTest(backend);

  it('chaque visite ajoute un au compteur de l’événement et du site, sans changer la révision', async () => {
    const before = await store.revision();
    for (let i = 0; i < 7; i++) await store.stats.countEventFigure(count('concert', 'view', '2030-03-04'));
    await store.stats.countEventFigure(count('concert', 'view', '2030-03-11'));
    await store.stats.countEventFigure(count('concert', 'calendar', '2030-03-11', '2030-03-15'));
    await store.stats.countEventFigure({ ...count('marche', 'view', '2030-03-11'), category: 'marches', canton: 'GE' });
    expect(await store.revision()).toBe(before);

    expect(await store.stats.eventFigures('concert')).toEqual([
      { eventId: 'concert', day: '', week: '2030-03-04', kind: 'view', n: 7 },
      { eventId: 'concert', day: '', week: '2030-03-11', kind: 'view', n: 1 },
      { eventId: 'concert', day: '2030-03-15', week: '2030-03-11', kind: 'calendar', n: 1 },
    ]);
    expect(await store.stats.eventFigures('absent')).toEqual([]);
    expect(await store.stats.siteFigures('2030-03-11')).toEqual([
      { week: '2030-03-11', category: 'marches', canton: 'GE', kind: 'view', n: 1 },
      { week: '2030-03-11', category: 'musique', canton: 'VD', kind: 'calendar', n: 1 },
      { week: '2030-03-11', category: 'musique', canton: 'VD', kind: 'view', n: 1 },
    ]);
    expect((await store.stats.siteFigures('2030-03-04')).find((f) => f.week === '2030-03-04')?.n).toBe(7);
  });

  it('des comptes au même moment ne se perdent pas', async () => {
    await Promise.all(
      Array.from({ length: 12 }, () => store.stats.countEventFigure(count('concert', 'view', '2030-03-04'))),
    );
    expect((await store.stats.eventFigures('concert'))[0].n).toBe(12);
  });
});
