// /admin/lieux and /admin/organisateurs through their routes as the server runs them (issue 36): admins only, CSRF
// checked, a rename keeps the old address as a redirect, a merge keeps every event, a refusal answered in French with
// what was typed.
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { action as venuesAction, loader as venuesLoader } from '../../app/routes/admin.lieux';
import { action as organizersAction } from '../../app/routes/admin.organisateurs';
import { makeEvent, makeOrganizer, makeVenue, storeUser } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';
import { formPost, signedInAs } from '../support/signed-in';

const SITE = 'http://localhost';
let ip = 0;

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
});

const args = (request: Request) => ({ request, params: {}, context: loadContext(`10.36.0.${++ip}`) });
const unique = () => Math.random().toString(36).slice(2, 8);

async function twoVenuesWithEvents() {
  const { store } = getServices();
  const kept = makeVenue({ name: `Salle du Bourg ${unique()}`, locality: 'Lausanne', canton: 'VD' });
  const gone = makeVenue({ name: `Le Bourg ${unique()}`, locality: 'Lausanne', canton: 'VD', status: 'pending' });
  await store.venues.insertMany([kept, gone]);
  const events = [
    makeEvent({ venueId: kept.id }),
    makeEvent({ venueId: gone.id }),
    makeEvent({ venueId: gone.id, status: 'pending' }),
  ];
  await store.events.insertMany(events);
  return { kept, gone, events };
}

describe('/admin/lieux et /admin/organisateurs', () => {
  it('un organisateur ne peut ni renommer ni fondre un lieu ; sans jeton CSRF, rien ne change', async () => {
    const { kept, gone } = await twoVenuesWithEvents();
    const organizer = await signedInAs('organizer');
    const refused = await routeAnswer(() =>
      venuesAction(
        args(
          formPost('/admin/lieux', organizer, { csrf: organizer.csrf, intent: 'merge', id: gone.id, into: kept.slug }),
        ),
      ),
    );
    expect(refused.status).toBe(302);
    expect(refused.location).toBe('/');
    const admin = await signedInAs('admin');
    const noToken = await routeAnswer(() =>
      venuesAction(
        args(formPost('/admin/lieux', admin, { intent: 'rename', id: kept.id, name: 'Autre', slug: 'autre' })),
      ),
    );
    expect(noToken.status).toBe(403);
    expect(await getServices().store.venues.findById(gone.id)).not.toBeNull();
    expect((await getServices().store.venues.findById(kept.id))?.name).toBe(kept.name);
  });

  it('fondre un lieu dans un autre garde chaque événement, et son adresse renvoie vers la fiche gardée', async () => {
    const { kept, gone, events } = await twoVenuesWithEvents();
    const admin = await signedInAs('admin');
    const answer = await routeAnswer(() =>
      venuesAction(
        args(formPost('/admin/lieux', admin, { csrf: admin.csrf, intent: 'merge', id: gone.id, into: kept.slug })),
      ),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/admin/lieux#place-${kept.id}`);
    const { store } = getServices();
    for (const e of events) expect((await store.events.findById(e.id))?.venueId).toBe(kept.id);
    expect(await store.venues.findBySlug(gone.slug)).toMatchObject({ record: { id: kept.id }, moved: true });
    const page = await routeAnswer(() =>
      venuesLoader(
        args(
          new Request(`${SITE}/admin/lieux?q=${encodeURIComponent(kept.name)}`, { headers: { Cookie: admin.cookie } }),
        ),
      ),
    );
    expect((page.data as { rows: { id: string; events: number; redirectFrom: string[] }[] }).rows).toEqual([
      expect.objectContaining({ id: kept.id, events: 3, redirectFrom: [gone.slug] }),
    ]);
  });

  it('une fiche inconnue, elle-même ou une adresse prise sont refusées en français à côté du champ, la saisie gardée', async () => {
    const { kept, gone } = await twoVenuesWithEvents();
    const admin = await signedInAs('admin');
    const send = (fields: Record<string, string>) =>
      routeAnswer(() => venuesAction(args(formPost('/admin/lieux', admin, { csrf: admin.csrf, ...fields }))));
    const unknown = await send({ intent: 'merge', id: gone.id, into: 'nulle-part' });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({
      error: { into: ['Aucune fiche n’a l’adresse « nulle-part ».'] },
      initialValue: { into: 'nulle-part' },
    });
    const itself = await send({ intent: 'merge', id: gone.id, into: gone.slug });
    expect(itself.data).toMatchObject({ error: { into: ['Choisissez une autre fiche que celle-ci.'] } });
    const taken = await send({ intent: 'rename', id: gone.id, name: 'Le Bourg', slug: kept.slug });
    expect(taken.status).toBe(409);
    expect(taken.data).toMatchObject({
      error: { slug: [`L’adresse « ${kept.slug} » est déjà celle d’une autre fiche.`] },
    });
    const short = await send({ intent: 'rename', id: gone.id, name: 'B', slug: '' });
    expect(short.data).toMatchObject({
      error: { name: ['Le nom compte de 2 à 120\u00a0caractères.'] },
      initialValue: { name: 'B' },
    });
  });

  it('renommer un organisateur proposé puis l’approuver : l’ancienne adresse renvoie vers la nouvelle', async () => {
    const { store } = getServices();
    const organizer = makeOrganizer({ name: `Jeunesse de Savièse ${unique()}`, status: 'pending' });
    await store.organizers.insertMany([organizer]);
    const admin = await signedInAs('admin');
    const name = `Société de jeunesse de Savièse ${unique()}`;
    const renamed = await routeAnswer(() =>
      organizersAction(
        args(
          formPost('/admin/organisateurs', admin, {
            csrf: admin.csrf,
            intent: 'rename',
            id: organizer.id,
            name,
            slug: '',
          }),
        ),
      ),
    );
    expect(renamed.status).toBe(302);
    const saved = await store.organizers.findById(organizer.id);
    expect(saved).toMatchObject({ name, redirectFrom: [organizer.slug] });
    expect(await store.organizers.findBySlug(organizer.slug)).toMatchObject({
      moved: true,
      record: { id: organizer.id },
    });
    await routeAnswer(() =>
      organizersAction(
        args(formPost('/admin/organisateurs', admin, { csrf: admin.csrf, intent: 'approve', id: organizer.id })),
      ),
    );
    expect((await store.organizers.findById(organizer.id))?.status).toBe('approved');
  });

  it('un admin lie un compte à un organisateur par son email, puis le retire ; un email inconnu est refusé à côté du champ', async () => {
    const { store } = getServices();
    const organizer = makeOrganizer({ name: `Jeunesse de Savièse ${unique()}` });
    await store.organizers.insertMany([organizer]);
    const uid = `orga-${unique()}`;
    const account = await storeUser(store, { uid, email: `${uid}@exemple.ch`, role: 'organizer' });
    const admin = await signedInAs('admin');
    const send = (fields: Record<string, string>) =>
      routeAnswer(() =>
        organizersAction(
          args(formPost('/admin/organisateurs', admin, { csrf: admin.csrf, id: organizer.id, ...fields })),
        ),
      );
    const unknown = await send({ intent: 'link', email: 'personne@exemple.ch' });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({
      error: { email: ['Aucun compte n’a l’email « personne@exemple.ch ».'] },
      initialValue: { email: 'personne@exemple.ch' },
    });
    expect((await send({ intent: 'link', email: account.email })).status).toBe(302);
    expect((await store.organizers.listByAccount(uid)).map((o) => o.id)).toEqual([organizer.id]);
    expect((await send({ intent: 'unlink', email: account.email })).status).toBe(302);
    expect(await store.organizers.listByAccount(uid)).toEqual([]);
  });
});
