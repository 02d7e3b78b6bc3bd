import { describe, expect, it, vi } from 'vitest';
import { makeEventForm, makeUser } from '../../../tests/support/factories';
import { memoryStore, recordingMailer } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { eventFormSchema } from '../../domain/event-form';
import { submitEvent, updateEvent } from '../events/submissions';
import { UseCaseError } from '../platform/use-case-error';
import type { UserProfile } from '../ports';
import { createLiveHub, type LiveMessage } from './live';
import { actionsFor, moderateEvent, moderationCase, moderationList, parseModerationQuery } from './moderation';

const NOW = new Date('2026-11-22T10:00:00Z');
// A free market in Geneva on 5 December: the checks below are about its title and town.
const form = makeEventForm({
  title: 'Marché de Noël de la Vieille-Ville',
  category: 'marches-brocantes',
  startDate: '2026-12-05',
  startTime: '11:00',
  endTime: '20:00',
  venueName: 'Place du Bourg-de-Four',
  postalCode: '1204',
  city: 'Genève',
  canton: 'GE',
  priceMin: '',
  priceMax: '',
  isFree: 'on',
});

const user = (uid: string, role: 'organizer' | 'admin' = 'organizer'): UserProfile =>
  makeUser(
    { uid, displayName: uid === 'admin' ? 'Ada Admin' : `Orga ${uid}`, role },
    { now: new Date('2026-01-01T00:00:00Z') },
  );

async function setup() {
  const { db, store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  for (const u of [user('orga'), user('admin', 'admin'), user('admin2', 'admin')]) {
    await store.users.upsert({ ...u, passwordHash: 'x', now: u.createdAt });
  }
  const mailer = recordingMailer();
  let tick = 0;
  const clock = () => new Date(NOW.getTime() + tick++ * 1000);
  const deps = { store, mailer, siteUrl: 'https://agenda.test', now: clock };
  const submit = async (title = form.title, key = title) => {
    const input = eventFormSchema(NOW).parse({ ...form, title });
    return (await submitEvent({ store, now: clock }, user('orga'), input, { submissionKey: key, image: null })).event;
  };
  return { db, store, mailer, deps, submit };
}

describe('modération', () => {
  it('la file est dans l’ordre de soumission (la plus ancienne d’abord) et compte chaque statut', async () => {
    const { store, submit } = await setup();
    const a = await submit('Premier marché');
    const b = await submit('Deuxième marché');
    const list = await moderationList({ store }, { status: 'pending', q: '', page: 1 });
    expect(list.items.map((e) => e.id)).toEqual([a.id, b.id]);
    expect(list.counts).toEqual({ pending: 2, approved: 0, rejected: 0, cancelled: 0, withdrawn: 0 });
    expect(list.awaiting).toBe(2);
    const searched = await moderationList({ store }, { status: 'all', q: 'deuxieme', page: 1 });
    expect(searched.items.map((e) => e.id)).toEqual([b.id]);
    const byEmail = await moderationList({ store }, { status: 'all', q: 'ORGA@exemple.ch', page: 1 });
    expect(byEmail.total).toBe(2);
  });

  it('approuver publie, note qui et quand, et informe l’organisateur par email', async () => {
    const { store, mailer, deps, submit } = await setup();
    const event = await submit();
    const { event: approved } = await moderateEvent(deps, user('admin', 'admin'), {
      eventId: event.id,
      action: 'approve',
    });
    expect(approved).toMatchObject({ status: 'approved', moderatedBy: 'admin' });
    expect(approved.moderatedAt).toMatch(/^2026-11-22T10:00/);
    expect(await store.events.findById(event.id)).toMatchObject({ status: 'approved', moderatedBy: 'admin' });
    const [entry] = await store.events.moderationHistory(event.id);
    expect(entry).toMatchObject({
      action: 'approve',
      adminUid: 'admin',
      adminName: 'Ada Admin',
      eventTitle: form.title,
    });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'orga@exemple.ch', subject: expect.stringContaining('publié') });
    expect(mailer.sent[0].text).toContain(`https://agenda.test/evenement/${event.id}`);
  });

  it('refuser exige un motif, le garde pour l’organisateur et le lui envoie', async () => {
    const { store, mailer, deps, submit } = await setup();
    const event = await submit();
    for (const reason of ['', '  ', 'a']) {
      await expect(
        moderateEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'reject', reason }),
      ).rejects.toMatchObject({ field: 'reason', message: expect.stringContaining('raison du refus') });
    }
    await expect(
      moderateEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'reject', reason: 'x'.repeat(1001) }),
    ).rejects.toBeInstanceOf(UseCaseError);
    expect(await store.events.findById(event.id)).toMatchObject({ status: 'pending', rejectionReason: '' });
    expect(await store.events.moderationHistory(event.id)).toEqual([]);

    await moderateEvent(deps, user('admin', 'admin'), {
      eventId: event.id,
      action: 'reject',
      reason: '  Date déjà passée.  ',
    });
    expect(await store.events.findById(event.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Date déjà passée.',
    });
    expect(mailer.sent.at(-1)?.text).toContain('Motif du refus : Date déjà passée.');
  });

  it('une décision sur un événement déjà traité par un autre admin est refusée (409) sans rien écrire', async () => {
    const { store, deps, submit } = await setup();
    const event = await submit();
    const results = await Promise.allSettled([
      moderateEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'approve', seen: event.updatedAt }),
      moderateEvent(deps, user('admin2', 'admin'), {
        eventId: event.id,
        action: 'reject',
        reason: 'Hors de la région.',
        seen: event.updatedAt,
      }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409 });
    expect(await store.events.moderationHistory(event.id)).toHaveLength(1);
  });

  it('mettre en avant, dépublier et annuler suivent le statut de l’événement', async () => {
    const { store, deps, submit } = await setup();
    const event = await submit();
    await expect(
      moderateEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'feature' }),
    ).rejects.toMatchObject({
      status: 409,
    });
    await moderateEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'approve' });
    await moderateEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'feature' });
    expect(await store.events.findById(event.id)).toMatchObject({ featured: true });
    // Changed on purpose: a published event is refused only as a revision; to take it down, unpublish or delete.
    expect(actionsFor({ status: 'approved', featured: true, revision: null, previousStatus: null })).toEqual([
      'unfeature',
      'unpublish',
      'cancel',
      'delete',
    ]);
    await moderateEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'unpublish' });
    expect(await store.events.findById(event.id)).toMatchObject({ status: 'pending', featured: false });
    await moderateEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'approve' });
    await moderateEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'cancel' });
    expect(await store.events.findById(event.id)).toMatchObject({ status: 'cancelled' });
    const history = await store.events.moderationHistory(event.id);
    expect(history.map((h) => h.action)).toEqual(['cancel', 'approve', 'unpublish', 'feature', 'approve']);
    // Admins can take down a cancelled event too, and delete any.
    expect(actionsFor((await store.events.findById(event.id))!)).toEqual(['unpublish', 'delete']);
    await expect(
      moderateEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'supprimer' }),
    ).rejects.toThrow('Action de modération inconnue.');
    await expect(
      moderateEvent(deps, user('admin', 'admin'), { eventId: 'inconnu', action: 'approve' }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('le dossier montre l’organisateur, son historique, les champs modifiés et les doublons possibles', async () => {
    const { store, deps, submit } = await setup();
    const published = await submit('Marché de Noël de la Vieille-Ville', 'k-pub');
    await moderateEvent(deps, user('admin', 'admin'), { eventId: published.id, action: 'approve' });
    const twin = await submit('Marché de Noël Vieille-Ville Genève', 'k-twin');
    const dossier = await moderationCase({ store }, twin);
    expect(dossier.owner?.email).toBe('orga@exemple.ch');
    expect(dossier.ownerCounts).toEqual({ pending: 1, approved: 1, rejected: 0, cancelled: 0, withdrawn: 0 });
    expect(dossier.duplicates.map((d) => d.id)).toEqual([published.id]);
    expect(dossier.actions).toEqual(['approve', 'reject', 'delete']);

    const input = eventFormSchema(NOW).parse({ ...form, title: published.title, city: 'Carouge', postalCode: '1227' });
    const edited = await updateEvent({ store }, user('orga'), published.id, input, undefined);
    // Changed on purpose (decision 029): still published, in Genève, until the revision is approved.
    expect(edited).toMatchObject({ status: 'approved', city: 'Genève', revision: { city: 'Carouge' } });
    expect((await store.events.findById(published.id))?.pendingChanges).toEqual(['postalCode', 'city']);
    expect((await moderationCase({ store }, edited)).actions).toEqual([
      'approve',
      'reject',
      'feature',
      'unpublish',
      'cancel',
      'delete',
    ]);
    await moderateEvent(deps, user('admin', 'admin'), { eventId: published.id, action: 'approve' });
    expect(await store.events.findById(published.id)).toMatchObject({
      city: 'Carouge',
      revision: null,
      pendingChanges: [],
    });
  });

  it('les paramètres de la liste sont validés', () => {
    expect(parseModerationQuery(new URLSearchParams('status=bidon&page=-3'))).toMatchObject({
      status: 'pending',
      page: 1,
    });
    expect(parseModerationQuery(new URLSearchParams('status=all&q=%3Cscript%3E'))).toMatchObject({
      status: 'all',
      q: '',
      searchError: 'Recherche contient du contenu non autorisé',
    });
  });
});

describe('compteur en direct', () => {
  it('envoie le compte à l’abonnement, puis chaque changement et les nouvelles notifications de l’admin', async () => {
    const { store, deps, submit } = await setup();
    const hub = createLiveHub(store, { intervalMs: 60_000, now: () => new Date(NOW.getTime() - 1) });
    const received: LiveMessage[] = [];
    let closed = false;
    const unsubscribe = hub.subscribe({
      uid: 'admin',
      sessionId: null,
      send: (m) => received.push(m),
      close: () => {
        closed = true;
      },
    });
    await hub.check();
    expect(received).toMatchObject([{ event: 'pending', data: '{"count":0}' }]);

    const event = await submit();
    await hub.check();
    expect(received.slice(1).map((m) => m.event)).toEqual(['pending', 'notification']);
    expect(JSON.parse(received[1].data)).toEqual({ count: 1 });
    expect(JSON.parse(received[2].data)).toMatchObject({
      title: 'Nouvel événement à modérer',
      body: form.title,
      data: { type: 'event_pending', eventId: event.id },
    });

    await hub.check();
    expect(received).toHaveLength(3);
    await moderateEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'approve' });
    await hub.check();
    expect(received.at(-1)).toMatchObject({ event: 'pending', data: '{"count":0}' });

    // Demoted: the stream ends.
    await store.users.upsert({ ...user('admin', 'organizer'), passwordHash: 'x', now: '' });
    await submit('Autre marché');
    await hub.check();
    expect(closed).toBe(true);
    expect(hub.size()).toBe(0);
    unsubscribe();
  });

  it('un flux coupé (60 s derrière Hosting) qui revient avec Last-Event-ID reçoit d’abord les notifications manquées', async () => {
    const { store, submit } = await setup();
    let time = NOW.getTime() - 1;
    const hub = createLiveHub(store, { intervalMs: 60_000, now: () => new Date(time) });
    const first: LiveMessage[] = [];
    const stop = hub.subscribe({ uid: 'admin', sessionId: null, send: (m) => first.push(m), close: () => {} });
    await hub.check();
    const cursor = first.at(-1)?.id;
    expect(cursor).toBeTruthy();
    stop();
    time = NOW.getTime() + 3_000;
    // While the browser reconnects: a submission, whose notification the first stream never got.
    await submit('Marché pendant la coupure');
    const again: LiveMessage[] = [];
    const stopAgain = hub.subscribe({
      uid: 'admin',
      sessionId: null,
      lastEventId: cursor,
      send: (m) => again.push(m),
      close: () => {},
    });
    await vi.waitFor(() => expect(again.map((m) => m.event)).toEqual(['pending', 'notification']));
    expect(JSON.parse(again[1].data)).toMatchObject({ body: 'Marché pendant la coupure' });
    // Its cursor moved on: a later reconnection with it does not get the same notification twice.
    const later: LiveMessage[] = [];
    const stopLater = hub.subscribe({
      uid: 'admin',
      sessionId: null,
      lastEventId: again[1].id,
      send: (m) => later.push(m),
      close: () => {},
    });
    await vi.waitFor(() => expect(later.map((m) => m.event)).toEqual(['pending']));
    await hub.check();
    expect(later.map((m) => m.event)).toEqual(['pending']);
    stopAgain();
    stopLater();
  });
});
