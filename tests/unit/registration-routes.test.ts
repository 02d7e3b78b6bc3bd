// Places to book through their routes, as a browser without JavaScript posts them (issue 73, decision 168): the form
// answers a redirect with its outcome as a flash (never a query parameter a stranger's link could carry); refused, the page comes back with the French message and what was typed, nothing
// stored; the event's page says the places left; the cancel link's page asks before it cancels, then the waiting one
// gets the place.
import { beforeAll, describe, expect, it } from 'vitest';
import { takeFlash } from '../../app/.server/platform/flash';
import { getHoneypot } from '../../app/.server/platform/security';
import { registrationToken } from '../../app/.server/registrations/mails';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { loader as eventPage } from '../../app/routes/evenement.$id/route';
import { action as register, loader as registrationPage } from '../../app/routes/evenement.$id_.inscription';
import { action as cancel, loader as cancelPage } from '../../app/routes/inscription.annuler.$token';
import { makeEvent, zurichDateIn } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';

const SITE = 'http://localhost';
const EVENT = 'atelier-routes';
const STARTS = `${zurichDateIn(10)}T15:00:00.000Z`;
let client = 0;

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  const services = getServices();
  await prepareStore(services);
  const event = makeEvent({ id: EVENT, title: 'Atelier bougies', status: 'approved', startsAt: STARTS });
  await services.store.events.insertMany([{ ...event, endsAt: `${zurichDateIn(10)}T17:00:00.000Z` }]);
  const settings = { places: 2, closesAt: null, waitingList: true, perPerson: 2, questions: ['Âge'] };
  await services.store.registrations.open({ eventId: EVENT, startsAt: STARTS }, settings, new Date().toISOString());
});

/** The page's form, posted without JavaScript (honeypot fields, no session: the Origin stands for CSRF). */
function post(fields: Record<string, string>) {
  const honeypot = getHoneypot(getServices()).getInputProps();
  const form = new URLSearchParams({ startsAt: STARTS, people: '1', answer0: '', ...fields });
  form.set(honeypot.nameFieldName, '');
  if (honeypot.validFromFieldName) form.set(honeypot.validFromFieldName, honeypot.encryptedValidFrom);
  const request = new Request(`${SITE}/evenement/${EVENT}/inscription`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE },
    body: form,
  });
  return routeAnswer(() => register({ request, context: loadContext(`10.1.0.${++client}`), params: { id: EVENT } }));
}

/** The message a redirect leaves for the next page (the flash in the visitor's signed cookie). */
const flashOf = async (answer: Awaited<ReturnType<typeof routeAnswer>>) => {
  const cookie = (answer.response?.headers.get('Set-Cookie') ?? '').split(';')[0];
  return (await takeFlash(new Request(SITE, { headers: { Cookie: cookie } }), getServices())).flash?.message;
};

const shown = async () => {
  const request = new Request(`${SITE}/evenement/${EVENT}`);
  const answer = await routeAnswer(() => eventPage({ request, context: loadContext(), params: { id: EVENT } }));
  return (answer.data as { registration: { text: string } | null }).registration?.text;
};

describe('les inscriptions par leurs routes, sans JavaScript', () => {
  it('refusée : le message français et la saisie reviennent, rien n’est gardé', async () => {
    const answer = await post({ name: 'Léa Rochat', email: 'lea@', answer0: '9 ans' });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      values: { name: 'Léa Rochat', email: 'lea@', answer0: '9 ans' },
      error: { field: 'email', message: 'Cette adresse email n’est pas valide (exemple\u00a0: prenom@exemple.ch).' },
    });
    expect(await getServices().store.registrations.list(EVENT, STARTS)).toEqual([]);
    expect(await shown()).toBe('2\u00a0places');
  });

  it('deux places prises, la troisième attend ; l’annulation par le lien lui donne la place', async () => {
    for (const n of [1, 2]) {
      const answer = await post({ name: `Visiteur ${n}`, email: `r${n}@exemple.ch` });
      expect(answer.location).toBe(`/evenement/${EVENT}/inscription?date=${encodeURIComponent(STARTS)}`);
      expect(await flashOf(answer)).toMatch(/^C’est fait\u00a0: votre inscription est confirmée\./);
    }
    const third = await post({ name: 'Visiteur 3', email: 'r3@exemple.ch' });
    expect(await flashOf(third)).toMatch(/vous êtes sur la liste d’attente/);
    // The outcome is said by the action, to this browser: a link with `?fait=` says nothing to anyone.
    const spoofed = await routeAnswer(() =>
      registrationPage({
        request: new Request(
          `${SITE}/evenement/${EVENT}/inscription?date=${encodeURIComponent(STARTS)}&fait=confirmed`,
        ),
        context: loadContext(),
        params: { id: EVENT },
      }),
    );
    expect(JSON.stringify(spoofed.data)).not.toContain('confirmed');
    expect(await shown()).toBe('Complet — liste d’attente');

    const [first] = await getServices().store.registrations.list(EVENT, STARTS);
    const token = registrationToken(getServices().config.SESSION_SECRET, first);
    const page = await routeAnswer(() =>
      cancelPage({
        request: new Request(`${SITE}/inscription/annuler/${token}`),
        context: loadContext(),
        params: { token },
      }),
    );
    expect(page.data).toMatchObject({ found: { title: 'Atelier bougies', status: 'confirmed', people: 1 } });
    // Opening the link cancels nothing.
    expect((await getServices().store.registrations.list(EVENT, STARTS))[0].status).toBe('confirmed');

    const request = new Request(`${SITE}/inscription/annuler/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE },
      body: new URLSearchParams(),
    });
    const done = await routeAnswer(() => cancel({ request, context: loadContext('10.2.0.1'), params: { token } }));
    expect(done.data).toEqual({ cancelled: true, message: '' });
    const list = await getServices().store.registrations.list(EVENT, STARTS);
    expect(list.map((r) => [r.email, r.status])).toEqual([
      ['r1@exemple.ch', 'cancelled'],
      ['r2@exemple.ch', 'confirmed'],
      ['r3@exemple.ch', 'confirmed'],
    ]);
    expect(await shown()).toBe('Complet — liste d’attente');
  });
});
