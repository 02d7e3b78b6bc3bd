// The moderation bypass of issue 16, through the routes as the server runs them: a new organizer's pending (or
// refused) event, cancelled from the dashboard, must not reach any public page, and editing it afterwards neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizerDashboard } from '../../app/.server/events/dashboard';
import { submitEvent, updateEvent } from '../../app/.server/events/submissions';
import { moderateEvent } from '../../app/.server/moderation/moderation';
import { takeFlash } from '../../app/.server/platform/flash';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { eventFormSchema } from '../../app/domain/event-form';
import { action as moderationAction } from '../../app/routes/admin.events/route';
import { loader as mapLoader } from '../../app/routes/carte[.json]';
import { action as dashboardAction } from '../../app/routes/dashboard/route';
import { loader as eventLoader } from '../../app/routes/evenement.$id/route';
import { loader as eventIcsLoader } from '../../app/routes/evenement.$id.calendrier[.ics]';
import { loader as listLoader } from '../../app/routes/evenements/route';
import { loader as icsLoader } from '../../app/routes/evenements[.ics]';
import { loader as rssLoader } from '../../app/routes/evenements[.rss]';
import { loader as eventsSitemapLoader } from '../../app/routes/sitemap-evenements[.]xml';
import { loader as sitemapLoader } from '../../app/routes/sitemap[.]xml';
import { storeUser } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';
import { signedIn } from '../support/signed-in';
import { ignoringMailer } from './memory-store';

const SITE = 'http://localhost';
let ip = 0;

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
});
afterAll(() => {
  delete process.env.SEED_DEMO;
});

async function account(role: 'admin' | 'organizer') {
  const uid = `${role}-${Math.random().toString(36).slice(2, 8)}`;
  const user = await storeUser(getServices().store, { uid, role });
  return { user, session: await signedIn(uid, SITE) };
}

function post(path: string, session: { cookie: string; csrf: string }, fields: Record<string, string>) {
  return new Request(`${SITE}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: SITE,
      Cookie: session.cookie,
    },
    body: new URLSearchParams({ csrf: session.csrf, ...fields }),
  });
}

const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: loadContext(`10.2.0.${++ip}`),
});

/** An organizer's event submitted, and the admin's decisions on it through the moderation page's action. */
async function submittedForModeration(title: string, key: string) {
  const { user, session } = await account('organizer');
  const admin = await account('admin');
  const { store } = getServices();
  const { event } = await submitEvent({ store }, user, form(title), { submissionKey: key.repeat(24), image: null });
  const decide = (intent: string, reason = '') =>
    routeAnswer(() =>
      moderationAction(args(post('/admin/events', admin.session, { intent, eventId: event.id, reason }))),
    );
  return { user, session, admin, store, event, decide };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function form(title: string) {
  return eventFormSchema().parse({
    title,
    description: 'Une soirée de démonstration pour vérifier que la modération ne se contourne pas.',
    category: 'musique',
    startDate: inDays(20),
    startTime: '19:30',
    endDate: '',
    endTime: '21:30',
    venueName: 'Salle du Faubourg',
    postalCode: '2000',
    city: 'Neuchâtel',
    canton: 'NE',
    lat: '46.99',
    lng: '6.93',
    isFree: 'on',
    priceMin: '',
    priceMax: '',
    organizerName: 'Association Faubourg',
  });
}

/** Everything an anonymous visitor can read that could show the event: status of its page, and whether it appears. */
async function publicTraces(id: string, word: string) {
  const anonymous = (path: string) => new Request(`${SITE}${path}`);
  const text = async (loader: (a: ReturnType<typeof args>) => Promise<unknown>, path: string) => {
    const answer = await routeAnswer(() => loader(args(anonymous(path))));
    return answer.response ? await answer.response.text() : JSON.stringify(answer.data);
  };
  // The sitemap's files of events, as its index names them (decision 159).
  const index = await text(sitemapLoader as never, '/sitemap.xml');
  const files = [...index.matchAll(/<loc>[^<]*(\/sitemap-evenements\.xml\?[^<]+)<\/loc>/g)].map((m) =>
    m[1].replace(/&amp;/g, '&'),
  );
  const detail = await routeAnswer(() => eventLoader(args(anonymous(`/evenement/${id}`), { id })));
  const ics = await routeAnswer(() => eventIcsLoader(args(anonymous(`/evenement/${id}/calendrier.ics`), { id })));
  const listed = {
    list: await text(listLoader as never, `/evenements?q=${word}`),
    rss: await text(rssLoader as never, `/evenements.rss?q=${word}`),
    ical: await text(icsLoader as never, `/evenements.ics?q=${word}`),
    map: await text(mapLoader as never, `/carte.json?q=${word}`),
    sitemap: (await Promise.all(files.map((file) => text(eventsSitemapLoader as never, file)))).join(''),
  };
  return {
    detail: detail.status,
    ics: ics.status,
    listedIn: Object.entries(listed)
      .filter(([, body]) => body.includes(id))
      .map(([where]) => where),
  };
}

const HIDDEN = { detail: 404, ics: 404, listedIn: [] };

describe('contourner la modération en annulant un événement (issue 16)', () => {
  it('un événement en attente annulé depuis le tableau de bord n’est pas publié, ni après modification', async () => {
    const { user, session } = await account('organizer');
    const word = `zorglub${Math.random().toString(36).slice(2, 7)}`;
    const { event } = await submitEvent({ store: getServices().store }, user, form(`Concert ${word}`), {
      submissionKey: 'a'.repeat(24),
      image: null,
    });
    expect(await publicTraces(event.id, word)).toEqual(HIDDEN);

    const cancelled = await routeAnswer(() =>
      dashboardAction(args(post('/dashboard', session, { intent: 'cancel', eventId: event.id, confirm: 'oui' }))),
    );
    expect(cancelled.status).toBe(302);
    expect(await publicTraces(event.id, word)).toEqual(HIDDEN);

    await updateEvent({ store: getServices().store }, user, event.id, form(`Concert ${word} modifié`), undefined);
    expect(await publicTraces(event.id, word)).toEqual(HIDDEN);
  });

  it('un événement refusé, annulé puis modifié, reste hors des pages publiques', async () => {
    const { user, session } = await account('organizer');
    const admin = await account('admin');
    const word = `grumpf${Math.random().toString(36).slice(2, 7)}`;
    const { event } = await submitEvent({ store: getServices().store }, user, form(`Brocante ${word}`), {
      submissionKey: 'b'.repeat(24),
      image: null,
    });
    const refused = await routeAnswer(() =>
      moderationAction(
        args(
          post('/admin/events', admin.session, { intent: 'reject', eventId: event.id, reason: 'Hors de la région.' }),
        ),
      ),
    );
    expect(refused.status).toBe(302);
    expect((await getServices().store.events.findById(event.id))?.status).toBe('rejected');

    await routeAnswer(() =>
      dashboardAction(args(post('/dashboard', session, { intent: 'cancel', eventId: event.id, confirm: 'oui' }))),
    );
    expect(await publicTraces(event.id, word)).toEqual(HIDDEN);
    await updateEvent({ store: getServices().store }, user, event.id, form(`Brocante ${word} bis`), undefined);
    expect(await publicTraces(event.id, word)).toEqual(HIDDEN);
  });

  it('refusé, puis son organisateur rendu « de confiance » : ses modifications repassent par la file, jamais publiées (issue 31)', async () => {
    const word = `refus${Math.random().toString(36).slice(2, 7)}`;
    const { user, admin, store, event, decide } = await submittedForModeration(`Gala ${word}`, 'r');
    expect((await decide('reject', 'Hors de la région.')).status).toBe(302);
    await store.users.setTrusted({
      uid: user.uid,
      trusted: true,
      actorUid: admin.user.uid,
      now: new Date().toISOString(),
    });
    const trusted = { ...user, trusted: true };
    for (const title of [`Gala ${word} bis`, `Gala ${word} ter`]) {
      await updateEvent({ store }, trusted, event.id, form(title), undefined);
      expect((await store.events.findById(event.id))?.status).toBe('pending');
      expect(await publicTraces(event.id, word)).toEqual(HIDDEN);
    }
    expect((await store.events.moderationHistory(event.id)).map((e) => e.action)).toEqual(['reject']);

    // Approved by an admin, then taken down: the same, until an admin approves it again.
    expect((await decide('approve')).status).toBe(302);
    expect((await decide('unpublish')).status).toBe(302);
    await updateEvent({ store }, trusted, event.id, form(`Gala ${word} quater`), undefined);
    expect((await store.events.findById(event.id))?.status).toBe('pending');
    expect(await publicTraces(event.id, word)).toEqual(HIDDEN);
    expect((await decide('approve')).status).toBe(302);
    // Approved again: the trusted account publishes its edits at once, as decision 042 says.
    await updateEvent({ store }, trusted, event.id, form(`Gala ${word} final`), undefined);
    expect(await store.events.findById(event.id)).toMatchObject({ status: 'approved', title: `Gala ${word} final` });
  });

  it('un événement annulé par un admin : son organisateur ne peut pas le rétablir (issue 31)', async () => {
    const { user, session, store, event, decide } = await submittedForModeration('Bal masqué annulé', 'u');
    await decide('approve');
    expect((await decide('cancel')).status).toBe(302);
    const log = await store.events.moderationHistory(event.id);
    const undo = await routeAnswer(() =>
      dashboardAction(args(post('/dashboard', session, { intent: 'undo', eventId: event.id }))),
    );
    expect(undo.status).toBe(302);
    expect(await store.events.findById(event.id)).toMatchObject({ status: 'cancelled', cancelledByAdmin: true });
    expect(await store.events.moderationHistory(event.id)).toEqual(log);
    // Its dashboard says why « Rétablir » is not offered.
    const board = await organizerDashboard(getServices(), user, null);
    expect(board.groups.cancelled.find((e) => e.id === event.id)).toMatchObject({
      canUndo: false,
      cancelledByAdmin: true,
    });
    // Its own cancellation, it undoes: once an admin has published it again (unpublish, approve), then it cancels.
    await decide('unpublish');
    await decide('approve');
    await routeAnswer(() =>
      dashboardAction(args(post('/dashboard', session, { intent: 'cancel', eventId: event.id, confirm: 'oui' }))),
    );
    expect(await store.events.findById(event.id)).toMatchObject({ status: 'cancelled', cancelledByAdmin: false });
    await routeAnswer(() => dashboardAction(args(post('/dashboard', session, { intent: 'undo', eventId: event.id }))));
    expect((await store.events.findById(event.id))?.status).toBe('approved');
  });

  it('sans confirmation, l’annulation montre d’abord la confirmation ; rétablir remet l’événement en file', async () => {
    const { user, session } = await account('organizer');
    const { event } = await submitEvent({ store: getServices().store }, user, form('Concert à confirmer'), {
      submissionKey: 'c'.repeat(24),
      image: null,
    });
    const unconfirmed = await routeAnswer(() =>
      dashboardAction(args(post('/dashboard', session, { intent: 'cancel', eventId: event.id }))),
    );
    expect(unconfirmed).toMatchObject({ status: 302, location: `/dashboard?annuler=${event.id}` });
    expect((await getServices().store.events.findById(event.id))?.status).toBe('pending');

    await routeAnswer(() =>
      dashboardAction(args(post('/dashboard', session, { intent: 'cancel', eventId: event.id, confirm: 'oui' }))),
    );
    expect(await getServices().store.events.findById(event.id)).toMatchObject({
      status: 'withdrawn',
      previousStatus: 'pending',
    });
    expect(await getServices().store.events.countAwaitingModeration()).toBe(0);
    // Another organizer can neither cancel nor restore it.
    const stranger = await account('organizer');
    await routeAnswer(() =>
      dashboardAction(args(post('/dashboard', stranger.session, { intent: 'undo', eventId: event.id }))),
    );
    expect((await getServices().store.events.findById(event.id))?.status).toBe('withdrawn');
    await routeAnswer(() => dashboardAction(args(post('/dashboard', session, { intent: 'undo', eventId: event.id }))));
    expect(await getServices().store.events.findById(event.id)).toMatchObject({
      status: 'pending',
      previousStatus: null,
    });
    expect(await getServices().store.events.countAwaitingModeration()).toBe(1);
  });
  it('la page publique d’un événement ne transporte ni la modification en attente, ni qui l’a créé ou modéré, ni un motif de refus', async () => {
    const { user } = await account('organizer');
    const admin = await account('admin');
    const decide = (action: 'approve' | 'reject', reason = '') =>
      moderateEvent({ store: getServices().store, mailer: ignoringMailer(), siteUrl: SITE }, admin.user, {
        eventId: event.id,
        action,
        reason,
      });
    const { event } = await submitEvent({ store: getServices().store }, user, form('Concert approuvé'), {
      submissionKey: 'd'.repeat(24),
      image: null,
    });
    await decide('approve');
    await updateEvent({ store: getServices().store }, user, event.id, form('Titre caché en attente'), undefined);
    const pageData = async () => {
      const answer = await routeAnswer(() =>
        eventLoader(args(new Request(`${SITE}/evenement/${event.id}`), { id: event.id })),
      );
      expect(answer.status).toBe(200);
      return JSON.stringify(answer.data);
    };
    const withRevision = await pageData();
    expect(withRevision).toContain('Concert approuvé');
    for (const secret of ['Titre caché en attente', user.uid, admin.user.uid])
      expect(withRevision).not.toContain(secret);

    await decide('reject', 'Motif réservé à l’organisateur');
    const afterRefusal = await pageData();
    expect(afterRefusal).toContain('Concert approuvé');
    for (const secret of ['Motif réservé', 'Titre caché en attente', user.uid])
      expect(afterRefusal).not.toContain(secret);
  });
  it('annuler un événement dont une modification attend : le message de l’admin nomme le titre que le public voit', async () => {
    const { user, store, event, decide } = await submittedForModeration('Concert du port', 'p');
    await decide('approve');
    await updateEvent({ store }, user, event.id, form('Concert du port pas encore relu'), undefined);
    const answer = await decide('cancel');
    const cookie = (answer.response?.headers.get('Set-Cookie') ?? '').split(';')[0];
    const { flash } = await takeFlash(new Request(SITE, { headers: { Cookie: cookie } }), getServices());
    // Out of the queue again for the tests that count it.
    await decide('delete');
    expect(flash?.message).toBe(
      '«\u00a0Concert du port\u00a0» est annulé\u00a0: il reste visible avec la mention «\u00a0Annulé\u00a0».',
    );
  });
});
