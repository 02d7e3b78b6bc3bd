// An account's favourites (issue 74, decision 170) on SQLite and on Firestore: an event, a whole series and one date
// of it kept apart, each once, within the bound per account; forgotten one by one; the feed's secret renewed (the old
// one then finds nobody); and all of it gone with the account.
import { describe, expect, it } from 'vitest';
import { makeEvent, storeUser } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const AT = (minutes: number) => new Date(Date.UTC(2030, 2, 9, 7, minutes)).toISOString();
const CONCERT = { eventId: 'concert', startsAt: null };
const SERIES = { eventId: 'marche', startsAt: null };
const ONE_DATE = { eventId: 'marche', startsAt: '2030-03-16T08:00:00.000Z' };

describe.each(BACKENDS)('favoris d’un compte : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });
  const account = async (uid: string) =>
    storeUser(store, { uid, email: `${uid}@exemple.ch` }, { now: new Date(AT(0)) });

  it('un événement, une série entière et une de ses dates, chacun une fois, dans la borne ; oubliés un à un', async () => {
    await account('ana');
    await account('bob');
    expect(await store.favourites.add('ana', [CONCERT, ONE_DATE], AT(1), 3)).toBe(2);
    expect(await store.favourites.add('ana', [ONE_DATE, SERIES], AT(2), 3)).toBe(1);
    // The bound reached: nothing more is kept.
    expect(await store.favourites.add('ana', [{ eventId: 'theatre', startsAt: null }], AT(3), 3)).toBe(0);
    expect(await store.favourites.list('ana')).toEqual([
      { ...CONCERT, createdAt: AT(1) },
      { ...ONE_DATE, createdAt: AT(1) },
      { ...SERIES, createdAt: AT(2) },
    ]);
    expect(await store.favourites.list('bob')).toEqual([]);

    expect(await store.favourites.remove('ana', ONE_DATE)).toBe(true);
    expect(await store.favourites.remove('ana', ONE_DATE)).toBe(false);
    expect((await store.favourites.list('ana')).map((f) => [f.eventId, f.startsAt])).toEqual([
      ['concert', null],
      ['marche', null],
    ]);
  });

  it('le secret du flux renouvelé : l’ancien ne mène plus à personne ; tout part avec le compte', async () => {
    const ana = await account('ana');
    expect(await store.favourites.feedToken('ana')).toBeNull();
    await store.favourites.setFeedToken('ana', 'ancien-secret', AT(1));
    expect(await store.favourites.feedOwner('ancien-secret')).toBe('ana');
    await store.favourites.setFeedToken('ana', 'nouveau-secret', AT(2));
    expect(await store.favourites.feedToken('ana')).toBe('nouveau-secret');
    expect(await store.favourites.feedOwner('ancien-secret')).toBeNull();
    expect(await store.favourites.feedOwner('nouveau-secret')).toBe('ana');

    await store.favourites.add('ana', [CONCERT, ONE_DATE], AT(3), 10);
    await store.users.delete(ana.uid);
    expect(await store.favourites.list('ana')).toEqual([]);
    expect(await store.favourites.feedOwner('nouveau-secret')).toBeNull();
  });

  it('« Suivre » : un organisateur et un lieu, chacun une fois, dans la borne ; arrêté ; parti avec le compte', async () => {
    const ana = await account('ana');
    await account('bob');
    const JAZZ = { kind: 'organisateur', slug: 'jazz-club' } as const;
    const HALLE = { kind: 'lieu', slug: 'halle' } as const;
    expect(await store.favourites.follow('ana', JAZZ, AT(1), 2)).toBe(true);
    // Followed again: its date stays the first one.
    expect(await store.favourites.follow('ana', JAZZ, AT(2), 2)).toBe(true);
    expect(await store.favourites.follow('ana', HALLE, AT(3), 2)).toBe(true);
    // The bound reached: a third is refused, one already followed still says so.
    expect(await store.favourites.follow('ana', { kind: 'lieu', slug: 'grange' }, AT(4), 2)).toBe(false);
    expect(await store.favourites.follow('ana', HALLE, AT(4), 2)).toBe(true);
    expect(await store.favourites.follows('ana')).toEqual([
      { ...JAZZ, createdAt: AT(1) },
      { ...HALLE, createdAt: AT(3) },
    ]);
    expect(await store.favourites.follows('bob')).toEqual([]);
    expect(await store.favourites.unfollow('ana', JAZZ)).toBe(true);
    expect(await store.favourites.unfollow('ana', JAZZ)).toBe(false);
    expect(await store.favourites.follows('ana')).toEqual([{ ...HALLE, createdAt: AT(3) }]);
    await store.users.delete(ana.uid);
    expect(await store.favourites.follows('ana')).toEqual([]);
  });

  it('les événements gardés se lisent en une fois : ceux qui existent, chacun une fois', async () => {
    await store.events.insertMany([makeEvent({ id: 'concert' }), makeEvent({ id: 'marche' })]);
    const found = await store.events.findByIds(['marche', 'inconnu', 'concert', 'marche']);
    expect(found.map((e) => e.id).sort()).toEqual(['concert', 'marche']);
    expect(await store.events.findByIds([])).toEqual([]);
  });
});
