import { describe, expect, it } from 'vitest';
import { makeEvent, storeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import type { CantonCode } from '../../domain/cantons';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import type { AgendaEvent, EventStatus } from '../../domain/event';
import type { ModerationAction } from '../ports';
import { adminDashboard } from './admin-dashboard';

// Wednesday 4 November 2026, 11:00 in Zurich (CET, UTC+1). Summer time ended on Sunday 25 October.
const NOW = new Date('2026-11-04T10:00:00.000Z');
const MONDAY = '2026-11-01T23:00:00.000Z'; // Monday 2 November, 00:00 in Zurich

let counter = 0;
function event(fields: Partial<AgendaEvent>): AgendaEvent {
  counter++;
  const startsAt = fields.startsAt ?? '2026-11-20T19:00:00+01:00';
  const submittedAt = fields.submittedAt ?? '2026-10-01T08:00:00.000Z';
  return makeEvent(
    {
      id: `e${counter}`,
      title: `Événement ${counter}`,
      city: 'Lausanne',
      canton: 'VD',
      ...fields,
      startsAt,
      endsAt: fields.endsAt ?? startsAt.replace('T19:', 'T22:'),
      createdAt: submittedAt,
      updatedAt: submittedAt,
      submittedAt,
    },
    { now: NOW },
  );
}

async function setup() {
  const { db, store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  for (const [uid, displayName] of [
    ['ada', 'Ada Admin'],
    ['bob', 'Bob Admin'],
  ]) {
    await storeUser(store, { uid, displayName, role: 'admin' }, { now: new Date('2026-01-01T00:00:00.000Z') });
  }
  const log = (
    eventId: string,
    action: ModerationAction,
    createdAt: string,
    adminUid: string | null = 'ada',
    reason = '',
  ) =>
    db
      .prepare('INSERT INTO moderation_log (event_id, admin_uid, action, reason, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(eventId, adminUid, action, reason, createdAt);
  const view = (path: string, viewedAt: string, title = path) =>
    db.prepare('INSERT INTO page_views (path, title, viewed_at) VALUES (?, ?, ?)').run(path, title, viewedAt);
  const dashboard = () => adminDashboard({ store, now: () => NOW });
  return { db, store, log, view, dashboard };
}

describe('tableau de bord admin', () => {
  it('sans aucun événement : des zéros partout, douze semaines vides, pas de mesure d’audience', async () => {
    const { dashboard } = await setup();
    const d = await dashboard();
    expect(d.counts).toEqual({ pending: 0, approved: 0, rejected: 0, cancelled: 0, withdrawn: 0 });
    expect(d.approvedThisWeek).toBe(0);
    expect(d.weekStart).toBe(MONDAY);
    expect(d.upcoming.total).toBe(0);
    expect(d.upcoming.byCategory).toHaveLength(12);
    expect(d.upcoming.byCategory.every((b) => b.value === 0 && b.color)).toBe(true);
    expect(d.upcoming.byCanton.map((b) => b.key)).toEqual(['GE', 'VD', 'VS', 'NE', 'FR', 'JU', 'BE']);
    expect(d.submissions.weeks.map((w) => w.value)).toEqual(Array(12).fill(0));
    expect(d.activity).toEqual([]);
    expect(d.pageViews).toBeNull();
  });

  it('compte les soumissions par semaine ISO de Zurich (lundi 00:00), heure d’été comprise, semaines vides à 0', async () => {
    const { store, dashboard } = await setup();
    await store.events.insertMany([
      // Current week (from Monday 2 November 00:00 CET = 1 November 23:00 UTC).
      event({ submittedAt: '2026-11-01T23:00:00.000Z', status: 'pending' }),
      event({ submittedAt: '2026-11-04T09:59:00.000Z', status: 'rejected' }),
      // Sunday 1 November 23:59:59 in Zurich: still the week before.
      event({ submittedAt: '2026-11-01T22:59:59.999Z' }),
      // Monday 19 October 00:30 CEST (UTC+2): week of 19 October, though it is still the 18th in UTC.
      event({ submittedAt: '2026-10-18T22:30:00.000Z' }),
      // Sunday 18 October 23:59 CEST: week of 12 October.
      event({ submittedAt: '2026-10-18T21:59:00.000Z', status: 'cancelled' }),
      // First week shown: Monday 17 August 00:00 CEST; one second earlier is outside the chart.
      event({ submittedAt: '2026-08-16T22:00:00.000Z' }),
      event({ submittedAt: '2026-08-16T21:59:59.000Z' }),
    ]);
    const { weeks, total } = (await dashboard()).submissions;
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toMatchObject({ start: '2026-08-16T22:00:00.000Z', label: '17 août', value: 1 });
    expect(weeks[0].longLabel).toBe('semaine du 17 août 2026');
    expect(weeks[8]).toMatchObject({ start: '2026-10-11T22:00:00.000Z', label: '12 oct.', value: 1 });
    expect(weeks[9]).toMatchObject({ start: '2026-10-18T22:00:00.000Z', label: '19 oct.', value: 1 });
    expect(weeks[10]).toMatchObject({ start: '2026-10-25T23:00:00.000Z', label: '26 oct.', value: 1 });
    expect(weeks[11]).toMatchObject({ start: MONDAY, label: '2 nov.', value: 2 });
    expect(weeks.map((w) => w.value)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2]);
    expect(total).toBe(6);
  });

  it('compte les événements publiés à venir par catégorie et par canton, sans les passés ni les non publiés', async () => {
    const { store, dashboard } = await setup();
    await store.events.insertMany([
      event({ category: 'musique', canton: 'GE' }),
      event({ category: 'musique', canton: 'VD' }),
      event({ category: 'spectacles', canton: 'GE' }),
      // Started yesterday, ends next week: still on.
      event({
        category: 'nature-balades',
        canton: 'JU',
        startsAt: '2026-11-03T10:00:00+01:00',
        endsAt: '2026-11-10T18:00:00+01:00',
      }),
      // Over: ended an hour ago.
      event({
        category: 'musique',
        canton: 'GE',
        startsAt: '2026-11-04T08:00:00+01:00',
        endsAt: '2026-11-04T10:00:00+01:00',
      }),
      event({ category: 'musique', canton: 'NE', status: 'pending' }),
      event({ category: 'musique', canton: 'NE', status: 'rejected' }),
      event({ category: 'spectacles', canton: 'NE', status: 'cancelled' }),
    ]);
    const d = await dashboard();
    expect(d.counts).toEqual({ pending: 1, approved: 5, rejected: 1, cancelled: 1, withdrawn: 0 });
    expect(d.upcoming.total).toBe(4);
    const categories = Object.fromEntries(d.upcoming.byCategory.map((b) => [b.key, b.value]));
    expect(categories).toMatchObject({ musique: 2, spectacles: 1, 'nature-balades': 1, 'expos-musees': 0 });
    // Most first, then the categories' own order.
    expect(d.upcoming.byCategory.slice(0, 3).map((b) => b.key)).toEqual(['musique', 'spectacles', 'nature-balades']);
    expect(d.upcoming.byCategory[0]).toMatchObject({ label: 'Musique', color: '#b4233c' });
    expect(d.upcoming.byCanton.map((b) => [b.key, b.value])).toEqual([
      ['GE', 2],
      ['VD', 1],
      ['JU', 1],
      ['VS', 0],
      ['NE', 0],
      ['FR', 0],
      ['BE', 0],
    ]);
    expect(d.upcoming.byCanton[0].label).toBe('Genève');
  });

  it('compte les événements approuvés depuis lundi et liste les 15 dernières décisions, la plus récente d’abord', async () => {
    const { store, log, dashboard } = await setup();
    const [a, b, c] = [event({ title: 'Concert A' }), event({ title: 'Concert B' }), event({ title: 'Concert C' })];
    await store.events.insertMany([a, b, c]);
    log(a.id, 'approve', '2026-11-01T22:00:00.000Z'); // Sunday 23:00 in Zurich: last week
    log(a.id, 'unpublish', '2026-11-02T08:00:00.000Z');
    log(a.id, 'approve', '2026-11-02T09:00:00.000Z');
    log(a.id, 'unpublish', '2026-11-02T10:00:00.000Z');
    log(a.id, 'approve', '2026-11-02T11:00:00.000Z'); // the same event approved twice counts once
    log(b.id, 'approve', MONDAY, 'bob');
    log(c.id, 'reject', '2026-11-03T08:00:00.000Z', 'bob', 'Doublon de « Concert A ».');
    for (let i = 0; i < 10; i++) log(b.id, i % 2 ? 'unfeature' : 'feature', `2026-10-20T0${i}:00:00.000Z`);
    log(c.id, 'cancel', '2026-11-04T09:00:00.000Z', null);

    const d = await dashboard();
    expect(d.approvedThisWeek).toBe(2);
    expect(d.activity).toHaveLength(15);
    expect(d.activity.slice(0, 3)).toMatchObject([
      { eventId: c.id, eventTitle: 'Concert C', action: 'cancel', adminName: 'Administrateur supprimé' },
      { eventId: c.id, action: 'reject', adminName: 'Bob Admin', reason: 'Doublon de « Concert A ».' },
      { eventId: a.id, eventTitle: 'Concert A', action: 'approve', adminName: 'Ada Admin' },
    ]);
    const times = d.activity.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // 18 decisions: the three oldest fall off the list.
    expect(times.at(-1)).toBe('2026-10-20T03:00:00.000Z');
  });

  it('montre les vues des 30 derniers jours (jours de Zurich) et les pages les plus vues', async () => {
    const { view, dashboard } = await setup();
    view('/evenements', '2026-10-20T08:00:00.000Z', 'Ancien titre');
    view('/evenements', '2026-11-04T08:00:00.000Z');
    view('/evenements', '2026-11-04T09:00:00.000Z', 'Événements');
    view('/evenements', '2026-11-03T23:00:00.000Z', 'Événements'); // Wednesday 00:00 in Zurich: today
    view('/', '2026-10-05T22:00:00.000Z', 'Accueil'); // Tuesday 6 October 00:00 CEST: the first day
    view('/', '2026-10-05T21:59:59.000Z', 'Accueil'); // the day before: outside
    view('/', '2026-11-03T22:59:59.000Z', 'Accueil'); // Tuesday 23:59:59: yesterday

    const { pageViews } = await dashboard();
    expect(pageViews).not.toBeNull();
    const { days, total, top } = pageViews!;
    expect(days).toHaveLength(30);
    expect(days[0]).toMatchObject({ start: '2026-10-05T22:00:00.000Z', label: '6 oct.', value: 1 });
    expect(days[29]).toMatchObject({ start: '2026-11-03T23:00:00.000Z', label: '4 nov.', value: 3 });
    expect(days[28]).toMatchObject({ longLabel: 'mardi 3 novembre', value: 1 });
    expect(total).toBe(6);
    expect(top).toEqual([
      { path: '/evenements', title: 'Événements', views: 4 },
      { path: '/', title: 'Accueil', views: 2 },
    ]);
  });

  it('compte juste avec 10 000 événements (la vitesse se mesure dans bench/, pas ici)', async () => {
    const { store, dashboard } = await setup();
    const cantons: CantonCode[] = ['GE', 'VD', 'VS', 'NE', 'FR', 'JU', 'BE'];
    const statuses: EventStatus[] = ['approved', 'approved', 'approved', 'pending', 'rejected'];
    const events = Array.from({ length: 10_000 }, (_, i) => {
      const day = String(1 + (i % 28)).padStart(2, '0');
      return event({
        category: DEFAULT_CATEGORIES[i % 12].slug,
        canton: cantons[i % 7],
        status: statuses[i % 5],
        startsAt: `2026-${i % 2 ? '12' : '10'}-${day}T19:00:00+01:00`,
        submittedAt: new Date(NOW.getTime() - (i % 90) * 86_400_000).toISOString(),
      });
    });
    await store.events.insertMany(events);
    const d = await dashboard();
    expect(d.counts.approved).toBe(6000);
    expect(d.upcoming.total).toBe(3000);
    expect(d.upcoming.byCanton.reduce((n, b) => n + b.value, 0)).toBe(3000);
    expect(d.submissions.total).toBeGreaterThan(8000);
  });
});
