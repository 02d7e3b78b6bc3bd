// A merge of venues chosen by name on /admin/lieux (issue 47, decision 114), through the routes as the server runs
// them: two halls of one name told apart by their town, both shown before the merge, then its undo (admins only, CSRF
// checked), which gives back exactly the events moved, and no longer after a day.
import { beforeAll, describe, expect, it } from 'vitest';
import { mergePlaces } from '../../app/.server/places/admin-places';
import { undoMerge } from '../../app/.server/places/merge-places';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { action, loader } from '../../app/routes/admin.lieux';
import { makeEvent, makeVenue, storeUser } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';
import { formPost, signedInAs } from '../support/signed-in';

const SITE = 'http://localhost';
let ip = 0;

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
});

const args = (request: Request) => ({ request, params: {}, context: loadContext(`10.47.0.${++ip}`) });
const unique = () => Math.random().toString(36).slice(2, 8);

async function twoHallsOfOneName() {
  const { store } = getServices();
  const name = `Salle communale ${unique()}`;
  const neuchatel = makeVenue({ name, locality: 'Neuchâtel', canton: 'NE', description: 'Au bord du lac.' });
  const geneve = makeVenue({ name, locality: 'Genève', canton: 'GE', lat: 46.2, lng: 6.15 });
  const other = makeVenue({ name: `Théâtre ${unique()}`, locality: 'Genève', canton: 'GE' });
  await store.venues.insertMany([neuchatel, geneve, other]);
  const events = [
    makeEvent({ venueId: geneve.id }),
    makeEvent({ venueId: geneve.id }),
    makeEvent({ venueId: other.id }),
  ];
  await store.events.insertMany(events);
  return { name, neuchatel, geneve, other, events };
}

describe('/admin/lieux : fondre par le nom, puis annuler', () => {
  it('le nom tapé propose les deux salles avec leur localité, puis montre les deux fiches côte à côte', async () => {
    const { name, neuchatel, geneve, other } = await twoHallsOfOneName();
    const admin = await signedInAs('admin', SITE);
    const step = async (search: string) => {
      const request = new Request(`${SITE}/admin/lieux?${search}`, { headers: { Cookie: admin.cookie } });
      return (await routeAnswer(() => loader(args(request)))).data as { merge: Record<string, never> };
    };
    const choice = await step(`fondre=${other.id}&cible=${encodeURIComponent(name)}`);
    expect(choice.merge).toMatchObject({
      plan: {
        into: null,
        candidates: [
          { id: geneve.id, locality: 'Genève', canton: 'GE', events: 2 },
          { id: neuchatel.id, locality: 'Neuchâtel', canton: 'NE', events: 0 },
        ].sort((a, b) => (a.id < b.id ? -1 : 1)),
      },
    });
    const typed = await step(`fondre=${geneve.id}&cible=${encodeURIComponent(`${name} Neuchâtel (NE)`)}`);
    expect(typed.merge).toMatchObject({
      plan: {
        from: { id: geneve.id, coordinates: '46.2, 6.15', events: 2 },
        into: { id: neuchatel.id, description: 'Au bord du lac.', locality: 'Neuchâtel' },
      },
    });
    const none = await step(`fondre=${geneve.id}&cible=introuvable`);
    expect(none.merge).toEqual({
      plan: null,
      refusal: {
        fromId: geneve.id,
        target: 'introuvable',
        message: 'Aucune autre fiche ne porte le nom «\u00a0introuvable\u00a0».',
      },
    });
  });

  it('la fusion confirmée se défait : la salle revient avec ses seuls événements ; un organisateur ne peut pas', async () => {
    const { neuchatel, geneve, events } = await twoHallsOfOneName();
    const { store } = getServices();
    const admin = await signedInAs('admin', SITE);
    const send = (who: { cookie: string; csrf: string }, fields: Record<string, string>) =>
      routeAnswer(() => action(args(formPost('/admin/lieux', who, { csrf: who.csrf, ...fields }, SITE))));
    expect((await send(admin, { intent: 'merge', id: geneve.id, into: neuchatel.id })).status).toBe(302);
    expect((await store.events.findById(events[0].id))?.venueId).toBe(neuchatel.id);
    const list = await routeAnswer(() =>
      loader(
        args(
          new Request(`${SITE}/admin/lieux?q=${encodeURIComponent(neuchatel.name)}`, {
            headers: { Cookie: admin.cookie },
          }),
        ),
      ),
    );
    expect((list.data as { rows: unknown[] }).rows).toEqual([
      expect.objectContaining({
        id: neuchatel.id,
        undo: expect.objectContaining({ goneWhere: 'Genève (GE)', events: 2 }),
      }),
    ]);
    const organizer = await signedInAs('organizer', SITE);
    expect((await send(organizer, { intent: 'unmerge', id: neuchatel.id })).location).toBe('/');
    const noToken = await routeAnswer(() =>
      action(args(formPost('/admin/lieux', admin, { intent: 'unmerge', id: neuchatel.id }, SITE))),
    );
    expect(noToken.status).toBe(403);
    expect(await store.venues.findById(geneve.id)).toBeNull();
    const undone = await send(admin, { intent: 'unmerge', id: neuchatel.id });
    expect(undone).toMatchObject({ status: 302, location: `/admin/lieux#place-${geneve.id}` });
    expect(await store.venues.findById(geneve.id)).toMatchObject({ name: geneve.name, locality: 'Genève' });
    for (const e of events.slice(0, 2)) expect((await store.events.findById(e.id))?.venueId).toBe(geneve.id);
    expect((await store.events.findById(events[2].id))?.venueId).not.toBe(geneve.id);
  });

  it('une fusion de plus d’un jour ne s’annule plus', async () => {
    const { neuchatel, geneve } = await twoHallsOfOneName();
    const services = getServices();
    const admin = await storeUser(services.store, { uid: `admin-${unique()}`, role: 'admin' });
    const at = new Date('2030-05-01T08:00:00.000Z');
    await mergePlaces(services, admin, 'venue', { fromId: geneve.id, into: neuchatel.id }, at);
    const later = new Date(at.getTime() + 24 * 3_600_000);
    await expect(undoMerge(services, admin, 'venue', neuchatel.id, later)).rejects.toThrow(
      'Cette fusion ne peut plus être annulée',
    );
    const undone = await undoMerge(services, admin, 'venue', neuchatel.id, new Date(later.getTime() - 1));
    expect(undone.restored.id).toBe(geneve.id);
  });
});
