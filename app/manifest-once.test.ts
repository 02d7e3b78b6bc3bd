// Issue 50: the route discovery's manifest requests leave once per URL (the home page asked /__manifest twice).
import { describe, expect, it } from 'vitest';
import { askManifestOnce } from './manifest-once';

function page() {
  const asked: string[] = [];
  let fail = false;
  const target = {
    location: { origin: 'https://agenda.test' },
    fetch: async (input: RequestInfo | URL, _init?: RequestInit) => {
      asked.push(String(input));
      await new Promise((resolve) => setTimeout(resolve, 5));
      return fail ? new Response('', { status: 503 }) : Response.json({ routes: String(input) });
    },
  } as unknown as Window;
  askManifestOnce(target);
  return { target, asked, failing: (value: boolean) => (fail = value) };
}

const MANIFEST = 'https://agenda.test/__manifest?p=%2Fevenements&p=%2Flieux&version=abc';

describe('le manifeste des routes, une fois par adresse', () => {
  it('deux demandes de la même adresse, l’une pendant l’autre ou après : une requête, la même réponse lue deux fois', async () => {
    const { target, asked } = page();
    const [first, second] = await Promise.all([target.fetch(MANIFEST), target.fetch(MANIFEST)]);
    const third = await target.fetch(MANIFEST);
    expect(asked).toEqual([MANIFEST]);
    for (const answer of [first, second, third]) expect(await answer.json()).toEqual({ routes: MANIFEST });
  });

  it('une autre liste de chemins, une navigation (avec signal) ou une autre adresse partent à part', async () => {
    const { target, asked } = page();
    await target.fetch(MANIFEST);
    await target.fetch(MANIFEST.replace('%2Flieux', '%2Ffaq'));
    await target.fetch(MANIFEST, { signal: new AbortController().signal });
    await target.fetch('/evenements.data');
    await target.fetch('/evenements.data');
    expect(asked).toHaveLength(5);
  });

  it('une réponse en échec n’est pas gardée : la suivante redemande', async () => {
    const { target, asked, failing } = page();
    failing(true);
    expect((await target.fetch(MANIFEST)).status).toBe(503);
    failing(false);
    expect((await target.fetch(MANIFEST)).status).toBe(200);
    expect(asked).toHaveLength(2);
  });
});
