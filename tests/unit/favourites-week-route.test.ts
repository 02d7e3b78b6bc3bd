// « Vos favoris cette semaine » (decision 173): what the home page's script gets from /favoris/semaine, for the list
// the browser says (its `favoris` cookie, sent by the script) or an account's; never kept by a cache.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { loader } from '../../app/routes/favoris.semaine';
import { makeEvent, storeUser } from '../support/factories';
import { loadContext } from '../support/load-context';
import { signedIn } from '../support/signed-in';

const DAY = 24 * 60 * 60 * 1000;
// Whatever the clock says: one runs from eight days before to eight days after (this week, whichever day it is), the
// other starts in fifteen days (never this week).
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

async function week(query: string, cookie?: string) {
  const response = (await loader({
    request: new Request(`http://localhost/favoris/semaine${query}`, cookie ? { headers: { Cookie: cookie } } : {}),
    context: loadContext('10.73.0.1'),
    params: {},
  } as LoaderFunctionArgs)) as Response;
  return {
    cache: response.headers.get('Cache-Control'),
    body: (await response.json()) as { items: { title: string }[] },
  };
}

beforeAll(async () => {
  const { store } = getServices();
  await prepareStore(getServices());
  await store.events.insertMany([
    makeEvent({
      id: 'sem-expo',
      slug: 'sem-expo',
      title: 'Exposition de la semaine',
      startsAt: iso(now - 8 * DAY),
      endsAt: iso(now + 8 * DAY),
    }),
    makeEvent({
      id: 'sem-plus-tard',
      slug: 'sem-plus-tard',
      title: 'Concert plus tard',
      startsAt: iso(now + 15 * DAY),
      endsAt: iso(now + 15 * DAY + 2 * 3600_000),
    }),
  ]);
  await storeUser(store, { uid: 'semainiere' });
  await store.favourites.add('semainiere', [{ eventId: 'sem-expo', startsAt: null }], iso(now), 200);
});

describe('/favoris/semaine', () => {
  it('la liste que dit le navigateur : ceux de cette semaine seulement, jamais gardé', async () => {
    const answer = await week('?cles=sem-expo%20sem-plus-tard');
    expect(answer.cache).toBe('no-store');
    expect(answer.body.items.map((i) => i.title)).toEqual(['Exposition de la semaine']);
    // The cookie of the request serves when the script says nothing (no proxy in between).
    expect((await week('', 'favoris=sem-plus-tard')).body.items).toEqual([]);
  });

  it('un compte : les siens', async () => {
    const who = await signedIn('semainiere');
    expect((await week('', who.cookie)).body.items.map((i) => i.title)).toEqual(['Exposition de la semaine']);
  });
});
