// The list's search as an outside tester typed it (issue 70): a misspelt village (« Echalens »), a word and a village
// (« concert echallens »), a name of several villages (« Villars ») and a filter not understood (`?vacances=xyz`).
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { loader } from '../../app/routes/evenements/route';
import { makeEvent } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';

const SITE = 'http://localhost';
const list = (path: string) =>
  routeAnswer(() => loader({ request: new Request(`${SITE}${path}`), context: loadContext(), params: {} }));
type Page = {
  suggestion: { q: string; total: number; href?: string } | null;
  placeReading: { title: string; words: string } | null;
  items: { id: string }[];
  total: number;
  nearError: string | null;
  aroundSuggestions: string[];
  whenAside: { ignored: string[] } | null;
};

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
  // The choir of Villars-le-Terroir, 4 km from Echallens: no « Echallens » in its words.
  await getServices().store.events.insertMany([
    makeEvent({
      id: 'choeur',
      title: 'Concert du chœur mixte',
      venueName: 'Grande salle',
      city: 'Villars-le-Terroir',
      postalCode: '1040',
      canton: 'VD',
      lat: 46.6539,
      lng: 6.6405,
    }),
  ]);
});

describe('la recherche de la liste lit les villages comme on les tape', () => {
  it('« Echalens » : « Vouliez-vous dire Echallens ? », les événements autour', async () => {
    const answer = await list('/evenements?q=Echalens');
    const page = answer.data as Page;
    expect(page.total).toBe(0);
    expect(page.suggestion).toMatchObject({ q: 'Echallens', total: 1 });
    expect(page.suggestion?.href).toBe('/evenements?autour=Echallens&rayon=10&lu=Echalens');
  });

  it('« concert echallens » : « concert » autour d’Echallens, plutôt que rien', async () => {
    const answer = await list('/evenements?q=concert%20echallens');
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/evenements?q=concert&autour=Echallens&rayon=10&lu=concert+echallens');
    const page = (await list(answer.location as string)).data as Page;
    expect(page.items.map((e) => e.id)).toEqual(['choeur']);
    expect(page.placeReading).toMatchObject({ title: 'Événements «\u00a0concert\u00a0» autour d’Echallens' });
    // A text that finds its events stays a text: « chœur mixte » is not read as a place.
    expect((await list('/evenements?q=concert%20du%20ch%C5%93ur')).status).toBe(200);
  });

  it('« Villars » : chaque Villars à choisir, Villars-le-Terroir parmi eux, aucun pris au hasard', async () => {
    const answer = await list('/evenements?autour=Villars');
    expect(answer.status).toBe(400);
    const page = answer.data as Page;
    expect(page.nearError).toBe(
      '«\u00a0Villars\u00a0» peut être plusieurs localités\u00a0: choisissez la vôtre dans la liste.',
    );
    expect(page.aroundSuggestions).toContain('Villars-le-Terroir');
    expect(((await list('/evenements?autour=Villars-le-Terroir')).data as Page).items.map((e) => e.id)).toEqual([
      'choeur',
    ]);
  });

  it('un filtre non compris est dit au-dessus des résultats', async () => {
    const page = (await list('/evenements?vacances=xyz')).data as Page;
    expect(page.whenAside?.ignored).toEqual([
      'Vacances scolaires\u00a0: «\u00a0xyz\u00a0» n’est pas un canton romand, elles ne sont pas appliquées.',
    ]);
  });
});
