// « Ça a lieu ? » from the organizer's dashboard, through the routes (issue 51): on the day (the server's clock), the
// dashboard lists the event at the top with its form; the form's tap goes through /evenement/{id}/statut with the same
// checks — the session's CSRF token, the event's owner only — and comes back to the dashboard with the message.
import { beforeAll, describe, expect, it } from 'vitest';
import { getCurrentUser } from '../../app/.server/platform/session';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { zurichIso, zurichToday } from '../../app/domain/dates';
import { loader as dashboard } from '../../app/routes/dashboard/route';
import { action as statut, loader as statutPage } from '../../app/routes/evenement.$id_.statut';
import { makeEvent } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';
import { formPost, signedInAs } from '../support/signed-in';

const SITE = 'http://localhost';
const EVENT = 'pique-nique-du-jour';
let owner: { cookie: string; csrf: string };
let other: { cookie: string; csrf: string };

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  const services = getServices();
  await prepareStore(services);
  owner = await signedInAs('organizer');
  other = await signedInAs('organizer');
  const uid = (await getCurrentUser(new Request(`${SITE}/`, { headers: { Cookie: owner.cookie } }), services))?.uid;
  // All day today, in Zurich, by the clock the server reads.
  const today = zurichToday();
  await services.store.events.insertMany([
    makeEvent({
      id: EVENT,
      title: 'Pique-nique au bord du lac',
      status: 'approved',
      createdBy: uid,
      weatherDependent: true,
      startsAt: zurichIso(today, '00:00'),
      endsAt: zurichIso(today, '23:59'),
    }),
  ]);
});

const tap = (who: { cookie: string; csrf: string }, fields: Record<string, string>) =>
  routeAnswer(() =>
    statut({
      request: formPost(`/evenement/${EVENT}/statut`, who, {
        startsAt: zurichIso(zurichToday(), '00:00'),
        retour: 'tableau-de-bord',
        csrf: who.csrf,
        ...fields,
      }),
      context: loadContext(),
      params: { id: EVENT },
    }),
  );

describe('« Ça a lieu ? » depuis le tableau de bord', () => {
  it('le jour même, l’événement est en tête ; un tap « Annulé » revient au tableau de bord ; jeton et propriétaire vérifiés', async () => {
    const page = await routeAnswer(() =>
      dashboard({
        request: new Request(`${SITE}/dashboard`, { headers: { Cookie: owner.cookie } }),
        context: loadContext(),
        params: {},
      }),
    );
    const { today } = page.data as { today: { id: string; text: string | null }[] };
    expect(today).toEqual([expect.objectContaining({ id: EVENT, text: 'Confirmation le jour même' })]);

    // A form token that is not the session's: refused, back to the event's page with the message, nothing said.
    expect(await tap({ ...owner, csrf: 'x' }, { statut: 'cancelled' })).toMatchObject({
      status: 302,
      location: `/evenement/${EVENT}`,
    });
    expect((await tap(other, { statut: 'cancelled' })).status).toBe(403);
    expect((await getServices().store.events.findById(EVENT))?.dayStatuses ?? []).toEqual([]);

    // « Annulé » without « Oui » is only asked (issue 70): the confirmation step, nothing said nor mailed.
    const asked = await tap(owner, { statut: 'cancelled', note: 'Orage' });
    expect(asked).toMatchObject({ status: 200, data: { confirm: { subscribers: 0 }, values: { note: 'Orage' } } });
    expect((await getServices().store.events.findById(EVENT))?.status).toBe('approved');

    const done = await tap(owner, { statut: 'confirmed', note: 'Beau temps' });
    expect(done).toMatchObject({ status: 302, location: '/dashboard' });
    expect((await getServices().store.events.findById(EVENT))?.dayStatuses).toEqual([
      expect.objectContaining({ kind: 'confirmed', note: 'Beau temps' }),
    ]);
  });

  it('la page d’un événement en attente d’un autre organisateur : 404, ni son titre ni sa date ; la sienne s’ouvre', async () => {
    const services = getServices();
    const uid = (await getCurrentUser(new Request(`${SITE}/`, { headers: { Cookie: owner.cookie } }), services))?.uid;
    const today = zurichToday();
    await services.store.events.insertMany([
      makeEvent({
        id: 'fete-en-attente',
        title: 'Fête encore en attente',
        status: 'pending',
        createdBy: uid,
        startsAt: zurichIso(today, '20:00'),
      }),
    ]);
    const open = (who: { cookie: string }) =>
      routeAnswer(() =>
        statutPage({
          request: new Request(`${SITE}/evenement/fete-en-attente/statut`, { headers: { Cookie: who.cookie } }),
          context: loadContext(),
          params: { id: 'fete-en-attente' },
        }),
      );
    const stranger = await open(other);
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.data)).not.toContain('Fête encore en attente');
    const own = await open(owner);
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ title: 'Fête encore en attente' });
  });
});
