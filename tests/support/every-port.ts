// A store with something in every aggregate, written through the ports (any backend): for the tests that must see
// every table and every collection non-empty (export and import, issue 32).
import type { Store } from '../../app/.server/ports';
import { scheduleSpan } from '../../app/.server/schedule/schedule-expand';
import { seedCategories } from '../../app/.server/seed/seed';
import {
  makeAutumnHolidays,
  makeDonation,
  makeEvent,
  makeOrganizer,
  makePartner,
  makeSaturdayMarket,
  makeVenue,
  storeUser,
} from './factories';

export const EVERY_PORT_NOW = new Date('2030-03-01T10:00:00Z');

export async function fillEveryPort(store: Store): Promise<void> {
  const iso = (minutes = 0) => new Date(EVERY_PORT_NOW.getTime() + minutes * 60_000).toISOString();
  await seedCategories({ store });
  const now = { now: EVERY_PORT_NOW };
  const admin = await storeUser(store, { uid: 'admin-1', email: 'admin@exemple.ch', role: 'admin' }, now);
  const organizer = await storeUser(store, { uid: 'orga-1', email: 'orga@exemple.ch', displayName: 'Orga' }, now);
  await store.users.setTrusted({ uid: organizer.uid, trusted: true, actorUid: admin.uid, now: iso() });
  // A single event and a series (its occurrences are derived: rebuilt on import).
  const approved = makeEvent(
    { id: 'concert', slug: 'concert', status: 'approved', createdBy: organizer.uid, performers: ['Sophie Hunger'] },
    now,
  );
  const schedule = makeSaturdayMarket({ firstDate: '2030-03-02', count: 8 });
  const span = scheduleSpan(schedule);
  const market = makeEvent(
    { id: 'marche', slug: 'marche', title: 'Marché du samedi', status: 'approved', schedule, ...span },
    now,
  );
  await store.events.insertMany([approved, market]);
  await store.partners.create(makePartner({ id: 'partenaire-1', name: 'Théâtre du Jorat' }));
  await store.holidays.create(makeAutumnHolidays());
  await store.venues.create(makeVenue({ id: 'lieu-1', redirectFrom: ['ancienne-salle'] }, now));
  await store.organizers.create(makeOrganizer({ id: 'orga-asso', accountUids: [organizer.uid] }, now));
  await store.organizerMembers.set({ organizerId: 'orga-asso', uid: organizer.uid, role: 'responsable', now: iso() });
  await store.organizerInvitations.issue({
    id: 'hash-invitation',
    organizerId: 'orga-asso',
    email: 'ami@exemple.ch',
    role: 'membre',
    invitedBy: organizer.uid,
    createdAt: iso(),
    expiresAt: iso(60),
  });
  await store.events.attachPlaces([{ eventId: 'concert', venueId: 'lieu-1', organizerId: 'orga-asso' }]);
  const { event } = await store.events.createSubmission({
    uid: organizer.uid,
    submissionKey: 'cle-de-soumission-24-car',
    event: {
      ...approved,
      id: 'soumis1',
      slug: 'soumis1',
      title: 'Fête de la courge',
      status: 'pending',
      createdBy: organizer.uid,
    },
  });
  await store.events.transition({
    seen: event.updatedAt,
    next: { ...event, status: 'approved', updatedAt: iso(60) },
    entry: { adminUid: admin.uid, action: 'approve', reason: '', createdAt: iso(60) },
  });
  await store.sessions.create({
    id: 'session-hash',
    uid: organizer.uid,
    createdAt: iso(),
    lastSeenAt: iso(5),
    expiresAt: iso(30 * 24 * 60),
    userAgent: 'Firefox',
  });
  await store.authTokens.issue({
    id: 'token-hash',
    uid: organizer.uid,
    purpose: 'verify-email',
    createdAt: iso(),
    expiresAt: iso(7 * 24 * 60),
  });
  const contact = {
    id: 'm1',
    name: 'Léa',
    email: 'lea@exemple.ch',
    subject: 'Bonjour',
    message: 'Une question « accentuée »',
    createdAt: iso(),
  };
  await store.contactMessages.add(contact);
  await store.notifications.addForAdmins({
    id: 'n1',
    title: 'Nouvel événement à modérer',
    body: 'Fête de la courge',
    data: { type: 'event_pending', eventId: 'soumis1' },
    timestamp: iso(),
  });
  await store.donations.recordPaid(
    makeDonation({ id: 'd1', uid: organizer.uid, amount: 42.5, providerRef: 'cs_test_1', createdAt: iso() }),
  );
  await store.stats.recordPageView({ path: '/', title: 'Accueil', viewedAt: iso() });
  await store.stats.countEventFigure({
    eventId: 'e1',
    day: '',
    week: '2030-03-04',
    kind: 'view',
    category: 'musique',
    canton: 'VD',
  });
  await store.users.savePushToken(admin.uid, 'abcdef0123456789', {
    token: 'tok',
    updatedAt: iso(),
    userAgent: 'UA',
    platform: 'Linux',
  });
  const { alert } = await store.alerts.request({
    id: 'alerte-1',
    email: 'ada@exemple.ch',
    filter: 'canton=VD',
    rhythm: 'weekly',
    tokenHash: 'hash-1',
    now: iso(),
  });
  await store.alerts.confirm('hash-1', iso(1), iso(-60));
  await store.alerts.rememberSent(alert.id, ['soumis1']);
  // A browser told of « Ça a lieu ? » for the concert, with a notification waiting to leave.
  const push = {
    id: 'notification-1',
    eventId: 'concert',
    token: '{"endpoint":"https://push.exemple/abc","keys":{"p256dh":"cle","auth":"secret"}}',
    createdAt: iso(),
    expiresAt: iso(3 * 24 * 60),
  };
  await store.visitorPushes.add(push, { perEvent: 10, perToken: 10 });
  await store.visitorPushes.queue('concert', '{"notification":{"title":"Concert","body":"Confirmé."}}', iso(2));
  // An account's favourites: an event, a whole series, one date of it; and its feed's secret (decision 170).
  const kept = [
    { eventId: 'concert', startsAt: null },
    { eventId: 'marche', startsAt: null },
    { eventId: 'marche', startsAt: market.startsAt },
  ];
  await store.favourites.add(organizer.uid, kept, iso(), 50);
  await store.favourites.setFeedToken(organizer.uid, 'secret-du-flux-des-favoris-24', iso());
  // An organizer followed (decision 173).
  await store.favourites.follow(organizer.uid, { kind: 'organisateur', slug: 'jazz-club' }, iso(), 50);
  // Two places to book at the concert: one confirmed, one waiting, with the answer to a question (decision 168).
  const date = { eventId: 'concert', startsAt: approved.startsAt };
  const settings = { places: 2, closesAt: null, waitingList: true, perPerson: 2, questions: ['Régime\u00a0?'] };
  await store.registrations.open(date, settings, iso());
  for (const [n, people] of [
    [1, 2],
    [2, 1],
  ] as const)
    await store.registrations.register(
      {
        ...date,
        id: `inscription-${n}`,
        name: `Visiteur ${n}`,
        email: `v${n}@exemple.ch`,
        people,
        answers: ['végétarien'],
        tokenHash: `jeton-${n}`,
        createdAt: iso(n),
      },
      iso(n),
    );
  const source = {
    id: 'source-1',
    name: 'Commune de Nyon',
    url: 'https://nyon.ch/agenda.ics',
    category: 'vie-locale',
    canton: 'VD' as const,
    organizerName: 'Commune de Nyon',
    trusted: false,
    intervalMinutes: 60,
    createdBy: admin.uid,
    createdAt: iso(),
    updatedAt: iso(),
    state: 'ok' as const,
    consecutiveFailures: 0,
    lastRunAt: iso(),
    nextRunAt: iso(60),
    lastError: '',
    etag: '"abc"',
    lastModified: null,
  };
  await store.imports.saveSource(source);
  await store.imports.saveLink({
    sourceId: source.id,
    uid: 'uid-1@nyon.ch',
    eventId: 'soumis1',
    duplicateOf: null,
    fingerprint: 'empreinte',
    cancelled: false,
    gone: false,
  });
  for (const [n, startedAt] of [iso(), iso(), iso(30)].entries())
    await store.imports.addRun(
      {
        id: `run-${n}`,
        sourceId: source.id,
        startedAt,
        ok: true,
        notModified: false,
        fetched: 1,
        created: n === 0 ? 1 : 0,
        updated: 0,
        unchanged: n === 0 ? 0 : 1,
        cancelled: 0,
        withdrawn: 0,
        duplicates: 0,
        errors: n === 2 ? [{ uid: 'uid-2@nyon.ch', line: 12, message: 'Date illisible' }] : [],
      },
      20,
    );
  await store.mails.enqueue({
    id: 'mail-1',
    content: {
      kind: 'message',
      message: { to: 'ada@exemple.ch', subject: 'Votre alerte', text: 'Bonjour', html: '<p>Bonjour</p>' },
    },
    to: 'ada@exemple.ch',
    subject: 'Votre alerte',
    ref: 'alerte:alerte-1',
    eventIds: ['soumis1'],
    createdAt: iso(),
  });
  await store.mails.enqueue({
    id: 'mail-2',
    content: { kind: 'password-reset', email: 'lea@exemple.ch' },
    to: 'lea@exemple.ch',
    subject: 'Réinitialisation',
    ref: null,
    eventIds: [],
    createdAt: iso(1),
  });
  await store.mails.fail('mail-2', { attempts: 30, lastError: 'Délai dépassé', now: iso(2) });
  await store.health.probe('web-1', iso());
  // The federation (decision 087): an actor's keys, a follower, a cache entry that expires, a queued delivery.
  await store.federation.put({
    kind: 'keys',
    key: 'agenda',
    value: [{ kty: 'RSA', n: 'x' }],
    expiresAt: null,
    updatedAt: iso(),
  });
  await store.federation.put({
    kind: 'follower',
    key: 'agenda\u001fhttps://mastodon.exemple/users/lea',
    value: { id: 'https://mastodon.exemple/users/lea', inbox: 'https://mastodon.exemple/inbox' },
    expiresAt: null,
    updatedAt: iso(),
  });
  await store.federation.put({
    kind: 'kv',
    key: 'cache\u001fx',
    value: { a: [[1]] },
    expiresAt: iso(60),
    updatedAt: iso(),
  });
  await store.federation.enqueue([
    { id: 'fed-1', payload: { type: 'outbox', id: 'x' }, dueAt: iso(), createdAt: iso() },
  ]);
}
