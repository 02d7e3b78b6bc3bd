import { describe, expect, it } from 'vitest';
import { makeEvent, storeUser } from '../../../tests/support/factories';
import { refusal } from '../../../tests/support/refusal';
import { memoryStore } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { hashPassword } from '../identity/password';
import { UseCaseError } from '../platform/use-case-error';
import type { Role, UserProfile } from '../ports';
import { listUsers, parseUserQuery, setDisabled, setRole, USER_MESSAGES, userListParams } from './admin-users';
import { authenticate } from './login';

const NOW = new Date('2026-11-22T10:00:00Z');

const people: { uid: string; displayName: string; role: Role; createdAt: string }[] = [
  { uid: 'ada', displayName: 'Ada Admin', role: 'admin', createdAt: '2026-01-01T00:00:00.000Z' },
  { uid: 'bea', displayName: 'Béatrice Admin', role: 'admin', createdAt: '2026-01-02T00:00:00.000Z' },
  { uid: 'zoe', displayName: 'Zoé Müller', role: 'organizer', createdAt: '2026-01-03T00:00:00.000Z' },
  { uid: 'leo', displayName: 'Léo Favre', role: 'organizer', createdAt: '2026-01-04T00:00:00.000Z' },
];

const event = (id: string, createdBy: string) =>
  makeEvent({ id, title: `Événement ${id}`, city: 'Lausanne', canton: 'VD', createdBy }, { now: NOW });

async function setup() {
  const { db, store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  for (const p of people) {
    await storeUser(store, { ...p, emailVerified: p.uid !== 'leo' }, { now: new Date(p.createdAt) });
  }
  await store.events.insertMany([event('e1', 'zoe'), event('e2', 'zoe'), event('e3', 'leo')]);
  const deps = { store, now: () => NOW };
  const profile = async (uid: string) => (await store.users.findById(uid)) as UserProfile;
  const session = async (id: string, uid: string) =>
    store.sessions.create({
      id,
      uid,
      createdAt: NOW.toISOString(),
      lastSeenAt: NOW.toISOString(),
      expiresAt: '2027-01-01T00:00:00.000Z',
      userAgent: 'test',
    });
  return { db, store, deps, profile, session };
}

const query = (
  over: Partial<{
    q: string;
    role: 'all' | Role;
    state: 'all' | 'active' | 'disabled';
    page: number;
    after: string | null;
  }>,
) => ({
  q: '',
  role: 'all' as const,
  state: 'all' as const,
  page: 1,
  ...over,
});

describe('gestion des utilisateurs : liste', () => {
  it('liste les comptes du plus récent au plus ancien, avec rôle, vérification et nombre d’événements', async () => {
    const { store } = await setup();
    const list = await listUsers({ store }, query({}));
    expect(list.total).toBe(4);
    expect(list.activeAdmins).toBe(2);
    expect(list.items.map((u) => [u.uid, u.role, u.emailVerified, u.eventCount])).toEqual([
      ['leo', 'organizer', false, 1],
      ['zoe', 'organizer', true, 2],
      ['bea', 'admin', true, 0],
      ['ada', 'admin', true, 0],
    ]);
    expect(list.items[0]).toMatchObject({ supported: false, disabled: false, createdAt: '2026-01-04T00:00:00.000Z' });
  });

  it('cherche dans le nom ou l’email, sans tenir compte de la casse ni des accents', async () => {
    const { store } = await setup();
    const uids = async (q: string) => (await listUsers({ store }, query({ q }))).items.map((u) => u.uid);
    expect(await uids('zoe')).toEqual(['zoe']);
    expect(await uids('MÜLLER')).toEqual(['zoe']);
    expect(await uids('beatrice')).toEqual(['bea']);
    expect(await uids('LEO@EXEMPLE.CH')).toEqual(['leo']);
    expect(await uids('admin ada')).toEqual(['ada']);
    expect(await uids('exemple.ch')).toHaveLength(4);
    expect(await uids('personne')).toEqual([]);
    expect(await uids('100%')).toEqual([]);
  });

  it('filtre par rôle et par état, et pagine par 50', async () => {
    const { store, deps, profile } = await setup();
    await setDisabled(deps, await profile('ada'), 'zoe', true);
    expect((await listUsers({ store }, query({ role: 'admin' }))).items.map((u) => u.uid)).toEqual(['bea', 'ada']);
    expect((await listUsers({ store }, query({ state: 'disabled' }))).items.map((u) => u.uid)).toEqual(['zoe']);
    expect((await listUsers({ store }, query({ role: 'organizer', state: 'active' }))).items.map((u) => u.uid)).toEqual(
      ['leo'],
    );
    for (let i = 0; i < 60; i++) {
      await store.users.create({
        uid: `u${i}`,
        email: `u${i}@exemple.ch`,
        displayName: `Membre ${i}`,
        role: 'organizer',
        passwordHash: 'x',
        now: `2026-02-01T00:00:${String(i).padStart(2, '0')}.000Z`,
      });
    }
    const first = await listUsers({ store }, query({}));
    const second = await listUsers({ store }, query({ page: 2, after: first.next }));
    expect([first.page, second.page, second.pages, second.next]).toEqual([1, 2, 2, null]);
    expect(first.total).toBe(64);
    expect(first.items).toHaveLength(50);
    expect(second.items).toHaveLength(14);
    expect(new Set([...first.items, ...second.items].map((u) => u.uid)).size).toBe(64);
  });

  it('lit la requête de l’URL avec indulgence et la réécrit sans les valeurs par défaut', () => {
    const parsed = parseUserQuery(new URLSearchParams('q=%20Zo%C3%A9%20&role=admin&state=nimporte&page=-3'));
    expect(parsed).toMatchObject({ q: 'Zoé', role: 'admin', state: 'all', page: 1, searchError: null });
    expect(userListParams(parsed)).toBe('q=Zo%C3%A9&role=admin');
    expect(parseUserQuery(new URLSearchParams('q=<script>alert(1)</script>'))).toMatchObject({
      q: '',
      searchError: 'Recherche contient du contenu non autorisé',
    });
  });
});

describe('gestion des utilisateurs : rôle', () => {
  it('un admin fait passer un organisateur admin, puis le repasse organisateur', async () => {
    const { deps, profile } = await setup();
    const ada = await profile('ada');
    expect(await setRole(deps, ada, 'zoe', 'admin')).toMatchObject({ role: 'admin', updatedAt: NOW.toISOString() });
    expect((await profile('zoe')).role).toBe('admin');
    expect(await setRole(deps, ada, 'zoe', 'organizer')).toMatchObject({ role: 'organizer' });
    expect((await profile('zoe')).role).toBe('organizer');
  });

  it('un admin ne peut pas retirer son propre rôle, même s’il reste d’autres admins', async () => {
    const { deps, profile } = await setup();
    const error = await refusal(setRole(deps, await profile('ada'), 'ada', 'organizer'));
    expect(error.message).toBe(USER_MESSAGES.selfDemote);
    expect(error.status).toBe(400);
    expect((await profile('ada')).role).toBe('admin');
  });

  it('le dernier admin actif ne peut ni se rétrograder ni se désactiver', async () => {
    const { deps, profile } = await setup();
    await setRole(deps, await profile('ada'), 'bea', 'organizer');
    const ada = await profile('ada');
    expect((await refusal(setRole(deps, ada, 'ada', 'organizer'))).message).toBe(USER_MESSAGES.selfDemote);
    expect((await refusal(setDisabled(deps, ada, 'ada', true))).message).toBe(USER_MESSAGES.selfDisable);
    expect(await profile('ada')).toMatchObject({ role: 'admin', disabled: false });
  });

  it('deux admins qui se rétrogradent l’un l’autre en même temps : un seul y parvient', async () => {
    const { deps, profile } = await setup();
    const [ada, bea] = [await profile('ada'), await profile('bea')];
    const results = await Promise.allSettled([
      setRole(deps, ada, 'bea', 'organizer'),
      setRole(deps, bea, 'ada', 'organizer'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(UseCaseError);
    expect(failed.reason.message).toBe(USER_MESSAGES.lastAdmin);
    const roles = [(await profile('ada')).role, (await profile('bea')).role].sort();
    expect(roles).toEqual(['admin', 'organizer']);
  });

  it('la même course sur la désactivation laisse aussi un admin actif', async () => {
    const { deps, store, profile } = await setup();
    const [ada, bea] = [await profile('ada'), await profile('bea')];
    const results = await Promise.allSettled([
      setDisabled(deps, ada, 'bea', true),
      setDisabled(deps, bea, 'ada', true),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await store.users.listAdmins()).length).toBe(1);
  });

  it('le magasin refuse d’enlever le dernier admin actif, même sans passer par le cas d’usage', async () => {
    const { store, deps, profile } = await setup();
    await setDisabled(deps, await profile('ada'), 'bea', true);
    const write = await store.users.setRole({ uid: 'ada', role: 'organizer', actorUid: 'ada', now: NOW.toISOString() });
    expect(write).toEqual({ ok: false, reason: 'last-admin' });
    const disable = await store.users.setDisabled({ uid: 'ada', disabled: true, actorUid: 'ada', now: '' });
    expect(disable).toEqual({ ok: false, reason: 'last-admin' });
    // A disabled admin does not count: demoting them is allowed.
    expect((await store.users.setRole({ uid: 'bea', role: 'organizer', actorUid: 'ada', now: '' })).ok).toBe(true);
  });

  it('un admin rétrogradé entre-temps ne peut plus agir ; un compte inconnu est signalé', async () => {
    const { deps, profile } = await setup();
    const [ada, bea] = [await profile('ada'), await profile('bea')];
    await setRole(deps, ada, 'zoe', 'admin');
    await setRole(deps, ada, 'bea', 'organizer');
    const error = await refusal(setRole(deps, bea, 'leo', 'admin'));
    expect(error.message).toBe(USER_MESSAGES.notAdmin);
    expect((await profile('leo')).role).toBe('organizer');
    expect((await refusal(setRole(deps, ada, 'inconnu', 'admin'))).message).toBe(USER_MESSAGES.notFound);
    expect((await refusal(setRole(deps, ada, 'leo', 'superadmin' as Role))).message).toBe(USER_MESSAGES.unknownAction);
  });
});

describe('gestion des utilisateurs : désactivation', () => {
  it('désactiver ferme toutes les sessions du compte, et lui seul ; ses événements restent', async () => {
    const { store, deps, profile, session } = await setup();
    await session('s1', 'zoe');
    await session('s2', 'zoe');
    await session('s3', 'leo');
    const user = await setDisabled(deps, await profile('ada'), 'zoe', true);
    expect(user.disabled).toBe(true);
    expect(await store.sessions.listForUser('zoe')).toEqual([]);
    expect(await store.sessions.find('s3')).not.toBeNull();
    expect((await store.events.listByOwner('zoe')).length).toBe(2);
  });

  it('un compte désactivé ne peut plus se connecter ; réactivé, il le peut de nouveau', async () => {
    const { store, deps, profile } = await setup();
    await store.users.setPassword('leo', await hashPassword('Un-mot-de-passe-solide-1'), NOW.toISOString());
    const ada = await profile('ada');
    await setDisabled(deps, ada, 'leo', true);
    expect(await authenticate({ store }, 'leo@exemple.ch', 'Un-mot-de-passe-solide-1')).toBeNull();
    await setDisabled(deps, ada, 'leo', false);
    expect((await profile('leo')).disabled).toBe(false);
    expect(await authenticate({ store }, 'leo@exemple.ch', 'Un-mot-de-passe-solide-1')).toMatchObject({ uid: 'leo' });
  });

  it('un admin ne peut pas désactiver son propre compte', async () => {
    const { store, deps, profile, session } = await setup();
    await session('mine', 'ada');
    const error = await refusal(setDisabled(deps, await profile('ada'), 'ada', true));
    expect(error.message).toBe(USER_MESSAGES.selfDisable);
    expect((await profile('ada')).disabled).toBe(false);
    expect(await store.sessions.find('mine')).not.toBeNull();
  });

  it('désactiver un admin le retire des admins actifs (il ne reçoit plus les notifications)', async () => {
    const { store, deps, profile } = await setup();
    await setDisabled(deps, await profile('ada'), 'bea', true);
    expect((await store.users.listAdmins()).map((u) => u.uid)).toEqual(['ada']);
  });
});
