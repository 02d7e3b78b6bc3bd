// « Mes favoris » behind Firebase Hosting (decision 170): the proxy forwards no cookie but `__session`, so the heart's
// script says the browser's own list; the answer keeps it, and adds the new one, rather than forgetting the others.
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { action } from '../../app/routes/favoris.garder';
import { makeEvent } from '../support/factories';
import { loadContext } from '../support/load-context';

function keep(fields: Record<string, string>, cookie?: string) {
  const body = new URLSearchParams({ intent: 'keep', js: '1', functional: '1', ...fields });
  return action({
    request: new Request('http://localhost/favoris/garder', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'same-origin',
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body,
    }),
    context: loadContext('10.9.0.1'),
    params: {},
  }) as Promise<Response>;
}

const keptIn = (response: Response) =>
  decodeURIComponent(/favoris=([^;]*)/.exec(response.headers.get('Set-Cookie') ?? '')?.[1] ?? '').split(' ');

describe('le cœur sans compte derrière un proxy qui ne transmet que __session', () => {
  beforeAll(async () => {
    const { store } = getServices();
    await prepareStore(getServices());
    await store.events.insertMany(['fav-a', 'fav-b'].map((id) => makeEvent({ id, slug: id })));
  });

  it('la liste que dit le navigateur est gardée, la nouvelle clé s’y ajoute', async () => {
    const answer = await keep({ key: 'fav-b', browser: 'fav-a' });
    expect(answer.status).toBe(200);
    expect(keptIn(answer)).toEqual(['fav-a', 'fav-b']);
  });

  it('sans la liste du navigateur, le cookie de la requête sert encore (sans proxy)', async () => {
    expect(keptIn(await keep({ key: 'fav-b' }, 'favoris=fav-a'))).toEqual(['fav-a', 'fav-b']);
  });
});
