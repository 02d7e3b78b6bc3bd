// Issue 70, decision 169: an organizer whose page was /organisateurs/ch-ur-mixte-… (made before « œ » was folded)
// answers at its corrected address after a start, and the old one redirects there permanently.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { loader as organizerPage } from '../../app/routes/organisateurs.$slug';
import { makeOrganizer } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';

vi.spyOn(console, 'log').mockImplementation(() => {});

const open = (slug: string) =>
  routeAnswer(() =>
    organizerPage({
      request: new Request(`http://localhost/organisateurs/${slug}`),
      params: { slug },
      context: loadContext(),
    }),
  );

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  const { store } = getServices();
  await store.organizers.insertMany([
    makeOrganizer({
      id: 'refold-o1',
      name: 'Chœur mixte de Nendaz',
      slug: 'ch-ur-mixte-de-nendaz',
      status: 'approved',
    }),
  ]);
  await prepareStore(getServices());
});

describe('une adresse faite sans « œ », après le démarrage', () => {
  it('la page est à l’adresse corrigée, l’ancienne y renvoie (301)', async () => {
    expect((await open('choeur-mixte-de-nendaz')).status).toBe(200);
    expect(await open('ch-ur-mixte-de-nendaz')).toMatchObject({
      status: 301,
      location: '/organisateurs/choeur-mixte-de-nendaz',
    });
  });
});
