// The heart on the server (decision 170): an account keeps it in the store; a visitor without one in the `favoris`
// cookie only once functional cookies are accepted (else the French sentence that says so, and nothing kept); the
// cookie is bounded; what is not a public event is refused; at sign-in the browser's list joins the account.
import { describe, expect, it } from 'vitest';
import { makeEvent, makeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import {
  BROWSER_FAVOURITES_MAX,
  FAVOURITE_CONSENT_NEEDED,
  favouritesSetCookie,
  parseFavouritesCookie,
} from '../../domain/favourites';
import { mergeBrowserFavourites } from '../platform/session';
import { accountFavouriteKeys, keepFavourite } from './favourites';

const NOW = new Date('2030-03-01T10:00:00Z');

async function setup() {
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  const ana = makeUser({ uid: 'ana' });
  await store.users.upsert({ ...ana, passwordHash: 'x', now: '' });
  await store.users.upsert({ ...makeUser({ uid: 'orga' }), passwordHash: 'x', now: '' });
  await store.events.insertMany([
    makeEvent({ id: 'concert', status: 'approved', createdBy: 'orga' }, { now: NOW }),
    makeEvent({ id: 'brouillon', status: 'pending' }, { now: NOW }),
  ]);
  return { store, ana };
}

describe('garder un événement', () => {
  it('sans compte ni cookies fonctionnels : la phrase qui le dit, rien de gardé ; avec : le cookie le garde', async () => {
    const { store } = await setup();
    const refused = await keepFavourite(
      { store },
      null,
      { intent: 'keep', key: 'concert', cookie: null, functional: false },
      NOW,
    );
    expect(refused).toEqual({ ok: false, kept: false, message: FAVOURITE_CONSENT_NEEDED });
    expect(FAVOURITE_CONSENT_NEEDED).toContain(
      'Acceptez les cookies fonctionnels pour garder des événements sans compte, ou connectez-vous',
    );

    const date = 'concert~2030-03-07T19:00:00.000Z';
    const kept = await keepFavourite(
      { store },
      null,
      { intent: 'keep', key: date, cookie: 'favoris=concert', functional: true },
      NOW,
    );
    expect(kept).toMatchObject({ ok: true, kept: true, browserKeys: ['concert', date] });
    const cookie = favouritesSetCookie(kept.browserKeys ?? [], false).split(';')[0];
    expect(parseFavouritesCookie(cookie.slice('favoris='.length))).toEqual(['concert', date]);

    const dropped = await keepFavourite(
      { store },
      null,
      { intent: 'drop', key: 'concert', cookie, functional: false },
      NOW,
    );
    expect(dropped).toMatchObject({ ok: true, kept: false, browserKeys: [date] });
  });

  it('le cookie est borné ; un événement non public ou une clé qui n’en est pas une sont refusés', async () => {
    const { store } = await setup();
    const full = `favoris=${Array.from({ length: BROWSER_FAVOURITES_MAX }, (_, i) => `e${i}`).join('%20')}`;
    const answer = await keepFavourite(
      { store },
      null,
      { intent: 'keep', key: 'concert', cookie: full, functional: true },
      NOW,
    );
    expect(answer).toMatchObject({ ok: false, message: expect.stringContaining('retirez-en un') });
    for (const key of ['brouillon', 'inconnu', 'concert~hier', '../x']) {
      const refused = await keepFavourite(
        { store },
        null,
        { intent: 'keep', key, cookie: null, functional: true },
        NOW,
      );
      expect(refused).toMatchObject({ ok: false, message: 'Cet événement ne peut pas être gardé.' });
    }
  });

  it('un compte le garde dans le stockage ; à la connexion, la liste du navigateur le rejoint', async () => {
    const { store, ana } = await setup();
    expect(
      await keepFavourite({ store }, ana, { intent: 'keep', key: 'concert', cookie: null, functional: false }, NOW),
    ).toMatchObject({ ok: true, kept: true });
    // Kept again: counted once in its organizers' figures (decision 171).
    await keepFavourite({ store }, ana, { intent: 'keep', key: 'concert', cookie: null, functional: false }, NOW);
    const figures = await store.stats.eventFigures('concert');
    expect(figures.filter((f) => f.kind === 'favorite').map((f) => f.n)).toEqual([1]);
    // The event's own organizer and an admin keep it too: not their audience, not counted.
    const admin = makeUser({ uid: 'root', role: 'admin' });
    await store.users.upsert({ ...admin, passwordHash: 'x', now: '' });
    for (const who of [makeUser({ uid: 'orga' }), admin]) {
      await keepFavourite({ store }, who, { intent: 'keep', key: 'concert', cookie: null, functional: false }, NOW);
    }
    expect((await store.stats.eventFigures('concert')).filter((f) => f.kind === 'favorite').map((f) => f.n)).toEqual([
      1,
    ]);
    const browser = 'autre=1; favoris=concert%20serie~2030-03-07T19%3A00%3A00.000Z';
    expect(await mergeBrowserFavourites(store, browser, 'ana', NOW)).toBe(1);
    expect(await accountFavouriteKeys(store, 'ana')).toEqual(['concert', 'serie~2030-03-07T19:00:00.000Z']);
    await keepFavourite({ store }, ana, { intent: 'drop', key: 'concert', cookie: null, functional: false }, NOW);
    expect(await accountFavouriteKeys(store, 'ana')).toEqual(['serie~2030-03-07T19:00:00.000Z']);
  });
});
