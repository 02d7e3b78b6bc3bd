// One contract for every store backend: what the ports promise (ports.ts), checked on SQLite and on Firestore
// (in-process emulator, or the official one when FIRESTORE_EMULATOR_HOST is set).
import { beforeEach, describe, expect, it } from 'vitest';
import type { Donation, ModerationQuery, Role } from '../../app/.server/ports';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { type AgendaEvent, contentOf } from '../../app/domain/event';
import type { Partner } from '../../app/domain/partner';
import type { ScheduleRule } from '../../app/domain/schedule';
import {
  makeDonation as donationOf,
  makeEvent as eventOf,
  makeSaturdayMarket,
  makeSeriesEvent,
  makePartner as partnerOf,
} from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = '2030-03-01T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const inDays = (days: number) => at(days * 24 * 60);

/** An event of the contract's time (ten days after NOW, 10:00 UTC, two hours long) unless a test says otherwise. */
function makeEvent(overrides: Partial<AgendaEvent> = {}): AgendaEvent {
  return eventOf(
    { slug: 'concert', startsAt: inDays(10), endsAt: at(10 * 24 * 60 + 120), ...overrides },
    { now: new Date(NOW) },
  );
}

const PUBLIC = { status: ['approved', 'cancelled'] as AgendaEvent['status'][], endsAfter: NOW, limit: 50, offset: 0 };

/** A new partner (the store gives its place) whose slug is its id unless a test says otherwise. */
function makePartner(overrides: Partial<Partner> & Pick<Partner, 'id'>): Omit<Partner, 'order'> {
  const { order: _order, ...partner } = partnerOf({
    slug: overrides.id,
    name: `Partenaire ${overrides.id}`,
    ...overrides,
  });
  return partner;
}

const makeDonation = (overrides: Partial<Donation> = {}): Donation =>
  donationOf(
    {
      id: `don-${Math.random().toString(36).slice(2)}`,
      providerRef: `cs_${Math.random().toString(36).slice(2)}`,
      ...overrides,
    },
    { now: new Date(NOW) },
  );

describe.each(BACKENDS)('contrat du stockage : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  async function addUser(uid: string, role: Role = 'organizer', overrides: { email?: string; name?: string } = {}) {
    const user = await store.users.create({
      uid,
      email: overrides.email ?? `${uid}@exemple.ch`,
      displayName: overrides.name ?? `Compte ${uid}`,
      role,
      passwordHash: `hash-${uid}`,
      now: NOW,
    });
    if (!user) throw new Error(`compte ${uid} non créé`);
    return user;
  }

  describe('comptes', () => {
    it('une adresse ne sert qu’à un compte, quelle que soit sa casse, et se retrouve avec son mot de passe', async () => {
      await addUser('u1', 'organizer', { email: 'Zoe@Exemple.ch' });
      expect(
        await store.users.create({
          uid: 'u2',
          email: 'zoe@exemple.ch',
          displayName: 'Autre',
          role: 'organizer',
          passwordHash: 'h',
          now: NOW,
        }),
      ).toBeNull();
      const found = await store.users.findByEmailWithPassword('  zoe@exemple.ch ');
      expect(found).toMatchObject({ uid: 'u1', passwordHash: 'hash-u1', role: 'organizer', supported: false });
      expect(await store.users.findById('u2')).toBeNull();
    });

    it('deux inscriptions simultanées avec la même adresse ne créent qu’un compte', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.users.create({
            uid: `p${i}`,
            email: 'meme@exemple.ch',
            displayName: `P${i}`,
            role: 'organizer',
            passwordHash: 'h',
            now: NOW,
          }),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await store.users.search({ limit: 50 })).total).toBe(1);
    });

    it('upsert crée le compte puis met à jour nom, rôle et mot de passe du même email', async () => {
      const first = await store.users.upsert({
        uid: 'a1',
        email: 'ada@exemple.ch',
        displayName: 'Ada',
        role: 'organizer',
        passwordHash: 'h1',
        emailVerified: true,
        now: NOW,
      });
      const second = await store.users.upsert({
        uid: 'ignored',
        email: 'ada@exemple.ch',
        displayName: 'Ada L.',
        role: 'admin',
        passwordHash: 'h2',
        emailVerified: true,
        now: at(5),
      });
      expect(first).toMatchObject({ uid: 'a1', emailVerified: true });
      expect(second).toMatchObject({ uid: 'a1', displayName: 'Ada L.', role: 'admin', updatedAt: at(5) });
      expect((await store.users.findByEmailWithPassword('ada@exemple.ch'))?.passwordHash).toBe('h2');
      expect((await store.users.listAdmins()).map((u) => u.uid)).toEqual(['a1']);
    });

    it('profil, mot de passe et vérification de l’email s’enregistrent', async () => {
      await addUser('u1');
      expect(await store.users.updateProfile('u1', { displayName: 'Zoé' }, at(1))).toMatchObject({
        displayName: 'Zoé',
        updatedAt: at(1),
      });
      expect(await store.users.updateProfile('absent', { displayName: 'X' }, at(1))).toBeNull();
      await store.users.setPassword('u1', 'nouveau', at(2));
      await store.users.setEmailVerified('u1', at(3));
      expect(await store.users.setPhotoURL('u1', 'https://exemple.ch/photo.png', at(4))).toMatchObject({
        photoURL: 'https://exemple.ch/photo.png',
        updatedAt: at(4),
      });
      expect(await store.users.setPhotoURL('absent', 'https://exemple.ch/p.png', at(4))).toBeNull();
      const user = await store.users.findByEmailWithPassword('u1@exemple.ch');
      expect(user).toMatchObject({ passwordHash: 'nouveau', emailVerified: true });
    });

    it('la liste admin cherche sans accents dans le nom et l’email, filtre, pagine et compte les événements', async () => {
      await store.users.create({
        uid: 'z1',
        email: 'zoe@exemple.ch',
        displayName: 'Zoé Müller',
        role: 'organizer',
        passwordHash: 'h',
        now: at(1),
      });
      await store.users.create({
        uid: 'z2',
        email: 'marc@exemple.ch',
        displayName: 'Marc',
        role: 'admin',
        passwordHash: 'h',
        now: at(2),
      });
      await store.users.create({
        uid: 'z3',
        email: 'zora@muller.ch',
        displayName: 'Zora',
        role: 'organizer',
        passwordHash: 'h',
        now: at(3),
      });
      await store.events.insertMany([makeEvent({ createdBy: 'z1' }), makeEvent({ createdBy: 'z1' })]);
      const muller = await store.users.search({ words: ['MULLER'], limit: 10 });
      expect(muller.items.map((u) => u.uid)).toEqual(['z3', 'z1']);
      expect(muller.items.find((u) => u.uid === 'z1')?.eventCount).toBe(2);
      expect((await store.users.search({ words: ['zoe', 'mül'], limit: 10 })).total).toBe(1);
      expect((await store.users.search({ role: 'admin', limit: 10 })).items.map((u) => u.uid)).toEqual(['z2']);
      const first = await store.users.search({ limit: 1 });
      const page = await store.users.search({ limit: 1, after: first.next });
      expect(page).toMatchObject({ total: 3 });
      expect(page.items.map((u) => u.uid)).toEqual(['z2']);
    });

    it('la liste des comptes se lit par pages : chacun une fois en suivant, les mêmes en revenant, filtres gardés', async () => {
      // Two accounts per instant: the pages keep one order.
      for (let i = 0; i < 9; i++) {
        await store.users.create({
          uid: `u${i}`,
          email: i % 3 === 0 ? `zoe.${i}@muller.ch` : `leo.${i}@exemple.ch`,
          displayName: i % 3 === 0 ? `Zoé Müller ${i}` : `Léo Favre ${i}`,
          role: i % 4 === 0 ? 'admin' : 'organizer',
          passwordHash: 'h',
          now: at(Math.floor(i / 2)),
        });
      }
      await store.users.updateProfile('u4', { displayName: 'Léo Müllerin' }, at(9));
      const walk = async (q: { words?: string[]; role?: Role }) => {
        const forward: string[][] = [];
        let page = await store.users.search({ ...q, limit: 2 });
        expect(page.prev).toBeNull();
        forward.push(page.items.map((u) => u.uid));
        while (page.next) {
          page = await store.users.search({ ...q, limit: 2, after: page.next });
          forward.push(page.items.map((u) => u.uid));
        }
        const backward: string[][] = [page.items.map((u) => u.uid)];
        while (page.prev) {
          page = await store.users.search({ ...q, limit: 2, before: page.prev });
          backward.unshift(page.items.map((u) => u.uid));
        }
        expect(backward).toEqual(forward);
        expect(forward.flat()).toHaveLength(page.total);
        return forward.flat();
      };
      expect(await walk({})).toEqual(['u8', 'u7', 'u6', 'u5', 'u4', 'u3', 'u2', 'u1', 'u0']);
      expect(await walk({ role: 'admin' })).toEqual(['u8', 'u4', 'u0']);
      // Inside a word (not only its start), without accents or case; a renamed account is found by its new name.
      expect(await walk({ words: ['ULLER'] })).toEqual(['u6', 'u4', 'u3', 'u0']);
      expect(await walk({ words: ['uller', 'LÉO'] })).toEqual(['u4']);
      expect(await walk({ words: ['O.1@'] })).toEqual(['u1']);
      expect(await walk({ words: ['favre', 'z'] })).toEqual([]);
    });

    it('le dernier admin actif ne peut être ni rétrogradé ni désactivé, et un non-admin ne décide rien', async () => {
      await addUser('boss', 'admin');
      await addUser('orga');
      expect(await store.users.setRole({ uid: 'boss', role: 'organizer', actorUid: 'boss', now: at(1) })).toEqual({
        ok: false,
        reason: 'last-admin',
      });
      expect(await store.users.setDisabled({ uid: 'boss', disabled: true, actorUid: 'boss', now: at(1) })).toEqual({
        ok: false,
        reason: 'last-admin',
      });
      expect(await store.users.setRole({ uid: 'orga', role: 'admin', actorUid: 'orga', now: at(1) })).toEqual({
        ok: false,
        reason: 'not-admin',
      });
      expect(await store.users.setRole({ uid: 'absent', role: 'admin', actorUid: 'boss', now: at(1) })).toEqual({
        ok: false,
        reason: 'not-found',
      });
      const promoted = await store.users.setRole({ uid: 'orga', role: 'admin', actorUid: 'boss', now: at(2) });
      expect(promoted).toMatchObject({ ok: true, user: { uid: 'orga', role: 'admin', updatedAt: at(2) } });
    });

    it('deux admins qui se rétrogradent l’un l’autre en même temps : un seul y parvient', async () => {
      await addUser('a', 'admin');
      await addUser('b', 'admin');
      const results = await Promise.all([
        store.users.setRole({ uid: 'a', role: 'organizer', actorUid: 'b', now: at(1) }),
        store.users.setRole({ uid: 'b', role: 'organizer', actorUid: 'a', now: at(1) }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await store.users.listAdmins()).toHaveLength(1);
    });

    it('désactiver un compte ferme toutes ses sessions ; le réactiver ne les rend pas', async () => {
      await addUser('boss', 'admin');
      await addUser('orga');
      for (const id of ['s1', 's2']) {
        await store.sessions.create({
          id,
          uid: 'orga',
          createdAt: NOW,
          lastSeenAt: NOW,
          expiresAt: inDays(30),
          userAgent: 'Firefox',
        });
      }
      const result = await store.users.setDisabled({ uid: 'orga', disabled: true, actorUid: 'boss', now: at(1) });
      expect(result).toMatchObject({ ok: true, user: { disabled: true } });
      expect(await store.sessions.listForUser('orga')).toEqual([]);
      await store.users.setDisabled({ uid: 'orga', disabled: false, actorUid: 'boss', now: at(2) });
      expect(await store.users.findById('orga')).toMatchObject({ disabled: false });
      expect(await store.users.listAdmins()).toHaveLength(1);
    });

    it('un admin marque un compte comme organisateur de confiance, puis le retire ; un non-admin ne le peut pas', async () => {
      await addUser('boss', 'admin');
      await addUser('orga');
      expect(await store.users.findById('orga')).toMatchObject({ trusted: false });
      expect(await store.users.setTrusted({ uid: 'orga', trusted: true, actorUid: 'boss', now: at(1) })).toMatchObject({
        ok: true,
        user: { trusted: true },
      });
      expect(await store.users.findById('orga')).toMatchObject({ trusted: true, updatedAt: at(1) });
      expect(await store.users.setTrusted({ uid: 'boss', trusted: true, actorUid: 'orga', now: at(2) })).toMatchObject({
        ok: false,
      });
      await store.users.setTrusted({ uid: 'orga', trusted: false, actorUid: 'boss', now: at(3) });
      expect(await store.users.findById('orga')).toMatchObject({ trusted: false });
      expect(await store.users.findById('boss')).toMatchObject({ trusted: false });
    });

    it('supprimer un compte emporte ses sessions ; ses événements et ses dons restent, sans lui', async () => {
      await addUser('gone');
      await store.sessions.create({
        id: 's1',
        uid: 'gone',
        createdAt: NOW,
        lastSeenAt: NOW,
        expiresAt: inDays(30),
        userAgent: '',
      });
      await store.events.insertMany([makeEvent({ id: 'kept', createdBy: 'gone' })]);
      await store.donations.recordPaid(makeDonation({ uid: 'gone', providerRef: 'cs_gone' }));
      await store.users.delete('gone');
      expect(await store.users.findById('gone')).toBeNull();
      expect(await store.sessions.find('s1')).toBeNull();
      expect(await store.events.findById('kept')).toMatchObject({ createdBy: null });
      expect(await store.donations.findByProviderRef('stripe', 'cs_gone')).toMatchObject({ uid: null });
      // The email is free again.
      expect(await addUser('again', 'organizer', { email: 'gone@exemple.ch' })).toMatchObject({ uid: 'again' });
    });
  });

  describe('sessions et jetons', () => {
    it('une session se retrouve, se rafraîchit, se liste (la plus récente d’abord) et se révoque', async () => {
      await addUser('u');
      const base = { uid: 'u', createdAt: NOW, expiresAt: inDays(30), userAgent: 'Chrome' };
      await store.sessions.create({ ...base, id: 'old', lastSeenAt: NOW });
      await store.sessions.create({ ...base, id: 'new', lastSeenAt: at(5) });
      await store.sessions.create({ ...base, id: 'mid', lastSeenAt: at(2) });
      await store.sessions.touch('old', at(10), inDays(31));
      expect(await store.sessions.find('old')).toMatchObject({ lastSeenAt: at(10), expiresAt: inDays(31) });
      expect((await store.sessions.listForUser('u')).map((s) => s.id)).toEqual(['old', 'new', 'mid']);
      await store.sessions.revokeAllForUser('u', 'new');
      expect((await store.sessions.listForUser('u')).map((s) => s.id)).toEqual(['new']);
      await store.sessions.revoke('new');
      expect(await store.sessions.find('new')).toBeNull();
    });

    it('un jeton sert une fois, avant son expiration ; en émettre un autre annule le précédent', async () => {
      await addUser('u');
      const issue = (id: string, expiresAt = inDays(1)) =>
        store.authTokens.issue({ id, uid: 'u', purpose: 'reset-password', createdAt: NOW, expiresAt });
      await issue('t1');
      await issue('t2');
      expect(await store.authTokens.peek('t1', 'reset-password', at(1))).toBeNull();
      expect(await store.authTokens.peek('t2', 'reset-password', at(1))).toBe('u');
      expect(await store.authTokens.peek('t2', 'verify-email', at(1))).toBeNull();
      expect(await store.authTokens.consume('t2', 'reset-password', inDays(2))).toBeNull();
      const attempts = await Promise.all(
        Array.from({ length: 5 }, () => store.authTokens.consume('t2', 'reset-password', at(1))),
      );
      expect(attempts.filter((uid) => uid === 'u')).toHaveLength(1);
      expect(await store.authTokens.peek('t2', 'reset-password', at(1))).toBeNull();
    });

    it('un changement de mot de passe révoque les liens de réinitialisation encore inutilisés du compte, pas ceux des autres', async () => {
      await addUser('u');
      await addUser('v');
      const issue = (id: string, uid: string, purpose: 'reset-password' | 'verify-email') =>
        store.authTokens.issue({ id, uid, purpose, createdAt: NOW, expiresAt: inDays(1) });
      await issue('reset-u', 'u', 'reset-password');
      await issue('verify-u', 'u', 'verify-email');
      await issue('reset-v', 'v', 'reset-password');
      await store.authTokens.revokeForUser('u', 'reset-password');
      expect(await store.authTokens.peek('reset-u', 'reset-password', at(1))).toBeNull();
      expect(await store.authTokens.consume('reset-u', 'reset-password', at(1))).toBeNull();
      // The address is still the account's own: its verification link stays valid.
      expect(await store.authTokens.peek('verify-u', 'verify-email', at(1))).toBe('u');
      expect(await store.authTokens.peek('reset-v', 'reset-password', at(1))).toBe('v');
    });
  });

  describe('catégories', () => {
    it('les 12 catégories de la spécification se listent dans leur ordre', async () => {
      expect((await store.categories.list()).map((c) => c.slug)).toEqual(DEFAULT_CATEGORIES.map((c) => c.slug));
    });

    it('une nouvelle catégorie prend la place après la dernière ; un slug pris est refusé', async () => {
      const created = await store.categories.create({
        slug: 'cinema',
        label: 'Cinéma',
        description: '',
        color: '#123456',
        active: true,
      });
      expect(created).toMatchObject({ slug: 'cinema', order: Math.max(...DEFAULT_CATEGORIES.map((c) => c.order)) + 1 });
      expect(
        await store.categories.create({ slug: 'cinema', label: 'X', description: '', color: '#000000', active: true }),
      ).toBeNull();
      const parallel = await Promise.all(
        ['a1', 'a2', 'a3'].map((slug) =>
          store.categories.create({ slug, label: slug, description: '', color: '#000000', active: true }),
        ),
      );
      expect(new Set(parallel.map((c) => c?.order)).size).toBe(3);
    });

    it('modifier change le nom, la couleur et l’état, jamais le slug ni la place', async () => {
      const before = await store.categories.findBySlug('musique');
      const updated = await store.categories.update('musique', {
        label: 'Musiques',
        description: 'Tous les concerts',
        color: '#224466',
        active: false,
      });
      expect(updated).toEqual({
        ...before,
        label: 'Musiques',
        description: 'Tous les concerts',
        color: '#224466',
        active: false,
      });
      expect(
        await store.categories.update('inconnue', { label: 'X', description: '', color: '#000000', active: true }),
      ).toBeNull();
    });

    it('monter et descendre échangent deux voisines ; rien au-delà des bords', async () => {
      const slugs = DEFAULT_CATEGORIES.map((c) => c.slug);
      expect(await store.categories.move(slugs[1], 'up')).toBe(true);
      expect((await store.categories.list()).slice(0, 2).map((c) => c.slug)).toEqual([slugs[1], slugs[0]]);
      expect(await store.categories.move(slugs[1], 'up')).toBe(false);
      expect(await store.categories.move(slugs.at(-1) as string, 'down')).toBe(false);
    });

    it('une catégorie utilisée par un événement (même refusé) ne se supprime pas', async () => {
      await store.events.insertMany([
        makeEvent({ category: 'gastronomie-terroir', status: 'rejected' }),
        makeEvent({ category: 'gastronomie-terroir' }),
      ]);
      expect(await store.categories.delete('gastronomie-terroir')).toEqual({ deleted: false, usage: 2 });
      expect(await store.categories.usageCounts()).toMatchObject({ 'gastronomie-terroir': 2 });
      expect(await store.categories.delete('nature-balades')).toEqual({ deleted: true, usage: 0 });
      expect(await store.categories.findBySlug('nature-balades')).toBeNull();
      expect(await store.categories.findBySlug('gastronomie-terroir')).not.toBeNull();
    });
  });

  describe('recherche publique', () => {
    beforeEach(async () => {
      await store.events.insertMany([
        makeEvent({
          id: 'fete',
          title: 'Fête des vendanges',
          city: 'Neuchâtel',
          startsAt: inDays(3),
          endsAt: inDays(4),
        }),
        makeEvent({
          id: 'desc',
          title: 'Marché du samedi',
          category: 'marches-brocantes',
          description: 'Produits frais et une petite fête de quartier avec des stands de la région.',
          city: 'Lausanne',
          canton: 'VD',
          isFree: true,
          priceMin: null,
          priceMax: null,
          startsAt: inDays(2),
          endsAt: inDays(2.2),
          accessibility: { wheelchair: true, hearing: false, familyFriendly: true },
        }),
        makeEvent({ id: 'pending', title: 'Fête en attente', status: 'pending' }),
        makeEvent({ id: 'past', title: 'Fête passée', startsAt: inDays(-3), endsAt: inDays(-2) }),
        makeEvent({
          id: 'cancel',
          title: 'Concert annulé',
          status: 'cancelled',
          startsAt: inDays(20),
          endsAt: inDays(20.1),
        }),
        makeEvent({
          id: 'orga',
          title: 'Atelier poterie',
          category: 'ateliers-cours',
          organizerName: 'Céramique Genève',
          venueName: 'Atelier du Rhône',
          city: 'Genève',
          canton: 'GE',
          lat: null,
          lng: null,
          startsAt: inDays(5),
          endsAt: inDays(5.1),
          featured: true,
        }),
      ]);
    });

    const ids = (r: { items: AgendaEvent[] }) => r.items.map((e) => e.id);

    it('montre les événements publics à venir, du plus proche au plus lointain', async () => {
      const result = await store.events.search(PUBLIC);
      expect(ids(result)).toEqual(['desc', 'fete', 'orga', 'cancel']);
      expect(result.total).toBe(4);
      expect(ids(await store.events.search({ ...PUBLIC, limit: 2, offset: 1 }))).toEqual(['fete', 'orga']);
    });

    it('cherche chaque mot en préfixe, sans accents ni casse, dans titre, description, lieu, ville et organisateur', async () => {
      const search = async (words: string[]) => ids(await store.events.search({ ...PUBLIC, words }));
      // In date order (decision 065); by relevance on demand, title before description (weights of decision 005).
      expect(await search(['FETE'])).toEqual(['desc', 'fete']);
      expect(ids(await store.events.search({ ...PUBLIC, words: ['fete'], byRelevance: true }))).toEqual([
        'fete',
        'desc',
      ]);
      expect(await search(['vendan'])).toEqual(['fete']);
      expect(await search(['ceram'])).toEqual(['orga']);
      expect(await search(['rhone'])).toEqual(['orga']);
      expect(await search(['geneve', 'poterie'])).toEqual(['orga']);
      expect(await search(['geneve', 'vendanges'])).toEqual([]);
      expect(await search(['endanges'])).toEqual([]);
    });

    it('filtre par catégorie, canton, gratuité, famille, accessibilité, organisateur, fenêtre de dates et exclusion', async () => {
      const q = async (extra: object) => ids(await store.events.search({ ...PUBLIC, ...extra }));
      expect(await q({ category: 'ateliers-cours' })).toEqual(['orga']);
      expect(await q({ canton: 'VD' })).toEqual(['desc']);
      expect(await q({ free: true })).toEqual(['desc']);
      expect(await q({ family: true, accessible: true })).toEqual(['desc']);
      expect(await q({ organizerName: 'céramique genève' })).toEqual(['orga']);
      expect(await q({ startsBefore: inDays(4) })).toEqual(['desc', 'fete']);
      expect(await q({ excludeId: 'fete' })).toEqual(['desc', 'orga', 'cancel']);
      expect(await q({ status: ['pending'] })).toEqual(['pending']);
      expect(await q({ featuredFirst: true })).toEqual(['orga', 'desc', 'fete', 'cancel']);
    });

    it('la carte ne reçoit que les événements situés', async () => {
      const points = await store.events.mapPoints(PUBLIC, 10);
      expect(points.map((p) => p.id)).toEqual(['desc', 'fete', 'cancel']);
      expect(points[0]).toEqual({
        id: 'desc',
        title: 'Marché du samedi',
        lat: 46.99,
        lng: 6.93,
        startsAt: inDays(2),
        endsAt: inDays(2.2),
        allDay: false,
        city: 'Lausanne',
        category: 'marches-brocantes',
      });
      expect(await store.events.mapPoints(PUBLIC, 1)).toHaveLength(1);
    });

    it('compte les événements à venir par catégorie et par statut', async () => {
      expect(await store.events.countUpcomingByCategory(NOW, PUBLIC.status)).toEqual({
        musique: 2,
        'marches-brocantes': 1,
        'ateliers-cours': 1,
      });
      expect(await store.events.countAllByStatus()).toEqual({
        pending: 1,
        approved: 4,
        rejected: 0,
        cancelled: 1,
        withdrawn: 0,
      });
      expect(await store.events.countAwaitingModeration()).toBe(1);
      expect(await store.stats.countUpcoming(NOW)).toEqual({
        total: 3,
        byCategory: { musique: 1, 'marches-brocantes': 1, 'ateliers-cours': 1 },
        byCanton: { NE: 1, VD: 1, GE: 1 },
      });
    });

    it('les noms à suggérer : titre, lieu, ville et organisateur des événements publics à venir, tels qu’écrits', async () => {
      await store.events.insertMany([
        makeEvent({
          id: 'rev-vocab',
          title: 'Récital',
          revision: { ...contentOf(makeEvent()), title: 'Récital déplacé au temple' },
        }),
      ]);
      const texts = await store.events.suggestionTexts(PUBLIC);
      expect(texts).toEqual(
        expect.arrayContaining(['Fête des vendanges', 'Neuchâtel', 'Céramique Genève', 'Atelier du Rhône', 'Récital']),
      );
      // Neither a pending event, nor a past one, nor a revision awaiting moderation.
      expect(texts.join(' ')).not.toMatch(/attente|passée|temple/);
      // The other filters apply; the words do not (a suggestion is about the words).
      expect(await store.events.suggestionTexts({ ...PUBLIC, canton: 'GE', words: ['rien'] })).toEqual(
        expect.arrayContaining(['Atelier poterie', 'Atelier du Rhône', 'Genève', 'Céramique Genève']),
      );
      expect(await store.events.suggestionTexts({ ...PUBLIC, canton: 'GE' })).not.toContain('Fête des vendanges');
    });

    it('un événement lu est complet, tel qu’enregistré', async () => {
      const event = makeEvent({
        id: 'full',
        image: { path: 'events/abc', width: 1600, height: 900, alt: 'Affiche' },
        pendingChanges: ['title', 'startsAt'],
        allDay: true,
        moderatedBy: null,
        accessibility: { wheelchair: true, hearing: true, familyFriendly: false },
        performers: ['Stephan Eicher', 'Sophie Hunger'],
      });
      await store.events.insertMany([event]);
      expect(await store.events.findById('full')).toEqual(event);
      expect(await store.events.findById('absent')).toBeNull();
    });

    it('les artistes et intervenants se relisent dans leur ordre, dans l’événement comme dans sa révision (issue 52)', async () => {
      const named = makeEvent({ id: 'named', performers: ['Stephan Eicher', 'Sophie Hunger'] });
      const none = makeEvent({ id: 'none', title: 'Récital' });
      await store.events.insertMany([
        { ...named, revision: { ...contentOf(named), performers: ['Sophie Hunger'] } },
        { ...none, revision: { ...contentOf(none), performers: ['Quatuor Sine Nomine'] } },
      ]);
      const readNamed = await store.events.findById('named');
      expect(readNamed?.performers).toEqual(['Stephan Eicher', 'Sophie Hunger']);
      expect(readNamed?.revision?.performers).toEqual(['Sophie Hunger']);
      const readNone = await store.events.findById('none');
      expect(readNone?.performers).toEqual([]);
      expect(readNone?.revision?.performers).toEqual(['Quatuor Sine Nomine']);
      const listed = await store.events.search({ ...PUBLIC, limit: 10 });
      expect(listed.items.find((e) => e.id === 'named')?.performers).toEqual(['Stephan Eicher', 'Sophie Hunger']);
    });

    it('un événement sans heure de fin le reste, dans la liste publique comme dans sa révision (issue 19)', async () => {
      const open = makeEvent({ id: 'open', title: 'Jam session', openEnd: true });
      const closed = makeEvent({ id: 'closed', title: 'Récital' });
      await store.events.insertMany([
        { ...open, revision: { ...contentOf(open), title: 'Jam session du jeudi' } },
        { ...closed, revision: { ...contentOf(closed), openEnd: true } },
      ]);
      expect((await store.events.findById('open'))?.openEnd).toBe(true);
      expect((await store.events.findById('open'))?.revision?.openEnd).toBe(true);
      expect((await store.events.findById('closed'))?.openEnd).toBe(false);
      expect((await store.events.findById('closed'))?.revision?.openEnd).toBe(true);
      const listed = await store.events.search({ ...PUBLIC, words: ['jam'] });
      expect(listed.items.map((e) => [e.id, e.openEnd])).toEqual([['open', true]]);
    });
  });

  describe('soumissions et modération', () => {
    it('une clé de soumission rend toujours le même événement, même pour des envois parallèles', async () => {
      await addUser('orga');
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          store.events.createSubmission({
            uid: 'orga',
            submissionKey: 'cle-unique-24-caracteres',
            event: makeEvent({ id: `sub${i}`, status: 'pending', createdBy: 'orga' }),
          }),
        ),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.event.id)).size).toBe(1);
      expect(await store.events.listByOwner('orga')).toHaveLength(1);
      expect(await store.events.findSubmission('orga', 'cle-unique-24-caracteres')).toBe(results[0].event.id);
      expect(await store.events.findSubmission('autre', 'cle-unique-24-caracteres')).toBeNull();
      expect(await store.events.countAwaitingModeration()).toBe(1);
    });

    it('l’organisateur voit ses événements, du plus lointain au plus proche, et leurs comptes par statut', async () => {
      await addUser('orga');
      await store.events.insertMany([
        makeEvent({ id: 'o1', createdBy: 'orga', startsAt: inDays(1), endsAt: inDays(1.1) }),
        makeEvent({ id: 'o2', createdBy: 'orga', startsAt: inDays(9), endsAt: inDays(9.1), status: 'rejected' }),
        makeEvent({ id: 'x', createdBy: null }),
      ]);
      expect((await store.events.listByOwner('orga')).map((e) => e.id)).toEqual(['o2', 'o1']);
      expect(await store.events.countByOwner('orga')).toEqual({
        pending: 0,
        approved: 1,
        rejected: 1,
        cancelled: 0,
        withdrawn: 0,
      });
      const stored = (await store.events.findById('o1')) as AgendaEvent;
      const edited: AgendaEvent = { ...stored, title: 'Nouveau titre', status: 'pending', updatedAt: at(1) };
      // Taken off the public agenda: the store counts a new calendar version (issue 52), whatever the copy says.
      const taken = { ...edited, icalSequence: 1 };
      expect(await store.events.transition({ seen: stored.updatedAt, next: edited })).toEqual(taken);
      expect(await store.events.findById('o1')).toEqual(taken);
      expect(ids2(await store.events.search({ ...PUBLIC, status: ['pending'], words: ['nouveau'] }))).toEqual(['o1']);
    });

    it('doublons possibles : les statuts demandés, même ville (sans casse), dans la fenêtre', async () => {
      await store.events.insertMany([
        makeEvent({ id: 'n1', city: 'Neuchâtel', startsAt: inDays(10) }),
        makeEvent({ id: 'n2', city: 'NEUCHÂTEL', startsAt: inDays(10.5) }),
        makeEvent({ id: 'far', city: 'Neuchâtel', startsAt: inDays(30) }),
        makeEvent({ id: 'pend', city: 'Neuchâtel', status: 'pending', startsAt: inDays(10.2) }),
        makeEvent({ id: 'refused', city: 'Neuchâtel', status: 'rejected', startsAt: inDays(10.2) }),
      ]);
      const near = (statuses: AgendaEvent['status'][]) =>
        store.events.listNear({ city: 'neuchâtel', from: inDays(9), to: inDays(11), excludeId: 'n2', statuses });
      expect((await near(['approved'])).map((e) => e.id)).toEqual(['n1']);
      expect((await near(['approved', 'pending'])).map((e) => e.id)).toEqual(['n1', 'pend']);
    });

    it('les images que montrent les événements : leur contenu et leur révision en attente', async () => {
      const image = (path: string) => ({ path, width: 1600, height: 900, alt: 'Une image' });
      await store.events.insertMany([
        makeEvent({ id: 'i1', image: image('events/aaa') }),
        makeEvent({ id: 'i2', image: null }),
        makeEvent({
          id: 'i3',
          image: image('events/bbb'),
          revision: { ...contentOf(makeEvent()), image: image('review/ccc') },
        }),
      ]);
      expect((await store.events.listImagePaths()).sort()).toEqual(['events/aaa', 'events/bbb', 'review/ccc']);
    });

    it('la file de modération : en attente la plus ancienne d’abord, les autres la plus récente d’abord', async () => {
      await addUser('orga', 'organizer', { email: 'Orga@Exemple.ch' });
      await store.events.insertMany([
        makeEvent({ id: 'p2', status: 'pending', submittedAt: at(2), createdBy: 'orga', title: 'Brocante' }),
        makeEvent({ id: 'p1', status: 'pending', submittedAt: at(1), title: 'Fête' }),
        makeEvent({ id: 'a1', status: 'approved', updatedAt: at(1) }),
        makeEvent({ id: 'a2', status: 'approved', updatedAt: at(3) }),
      ]);
      const list = async (q: object) =>
        ids2(await store.events.listForModeration({ status: 'pending', limit: 10, ...q }));
      expect(await list({})).toEqual(['p1', 'p2']);
      expect(await list({ status: 'approved' })).toEqual(['a2', 'a1']);
      expect(await list({ status: 'all', words: ['broc'] })).toEqual(['p2']);
      expect(await list({ status: 'all', ownerEmail: 'orga@exemple.ch' })).toEqual(['p2']);
      expect(await list({ status: 'all', ownerEmail: 'personne@exemple.ch' })).toEqual([]);
      const page = await store.events.listForModeration({ status: 'all', limit: 1 });
      expect(page.total).toBe(4);
    });

    it('la liste de modération se lit par pages : chaque événement une fois en suivant, les mêmes en revenant', async () => {
      await addUser('orga', 'organizer', { email: 'orga@exemple.ch' });
      // Ties on the sort instant: the pages keep one order.
      await store.events.insertMany([
        ...Array.from({ length: 7 }, (_, i) =>
          makeEvent({
            id: `p${i}`,
            status: 'pending',
            submittedAt: at(Math.floor(i / 2)),
            createdBy: 'orga',
            title: `Brocante ${i}`,
          }),
        ),
        ...Array.from({ length: 5 }, (_, i) =>
          makeEvent({ id: `a${i}`, status: 'approved', updatedAt: at(Math.floor(i / 3)), title: `Concert ${i}` }),
        ),
      ]);
      const walk = async (q: { status: ModerationQuery['status']; words?: string[]; ownerEmail?: string }) => {
        const forward: string[][] = [];
        let page = await store.events.listForModeration({ ...q, limit: 3 });
        expect(page.prev).toBeNull();
        const total = page.total;
        forward.push(ids2(page));
        while (page.next) {
          page = await store.events.listForModeration({ ...q, limit: 3, after: page.next });
          expect(page.total).toBe(total);
          forward.push(ids2(page));
        }
        const backward: string[][] = [ids2(page)];
        while (page.prev) {
          page = await store.events.listForModeration({ ...q, limit: 3, before: page.prev });
          backward.unshift(ids2(page));
        }
        expect(backward).toEqual(forward);
        return { total, pages: forward };
      };
      const all = async (q: Parameters<typeof walk>[0]) =>
        (await store.events.listForModeration({ ...q, limit: 50 })).items.map((e) => e.id);
      for (const q of [
        { status: 'awaiting' as const },
        { status: 'approved' as const },
        { status: 'all' as const },
        { status: 'awaiting' as const, words: ['broc'] },
        { status: 'all' as const, ownerEmail: 'orga@exemple.ch' },
      ]) {
        const { total, pages } = await walk(q);
        expect(pages.flat()).toEqual(await all(q));
        expect(pages.flat()).toHaveLength(total);
        expect(new Set(pages.flat()).size).toBe(total);
      }
      expect((await walk({ status: 'awaiting' })).pages).toEqual([['p0', 'p1', 'p2'], ['p3', 'p4', 'p5'], ['p6']]);
      expect((await walk({ status: 'approved' })).pages.flat().slice(0, 2).sort()).toEqual(['a3', 'a4']);
      // A cursor the store cannot read: the first page.
      expect(ids2(await store.events.listForModeration({ status: 'awaiting', limit: 3, after: 'abc' }))).toEqual([
        'p0',
        'p1',
        'p2',
      ]);
    });

    it('une étape s’écrit seulement sur la version vue, et une décision se journalise', async () => {
      await addUser('boss', 'admin', { name: 'Chef' });
      const pending = makeEvent({ id: 'e', status: 'pending', updatedAt: at(1) });
      await store.events.insertMany([pending]);
      const approve = (seen: string, createdAt: string) =>
        store.events.transition({
          seen,
          next: { ...pending, status: 'approved', moderatedBy: 'boss', moderatedAt: createdAt, updatedAt: createdAt },
          entry: { adminUid: 'boss', action: 'approve', reason: '', createdAt },
        });
      expect(await approve(at(0), at(2))).toBeNull();
      const approved = await approve(at(1), at(3));
      expect(approved).toMatchObject({ status: 'approved', moderatedBy: 'boss', moderatedAt: at(3), updatedAt: at(3) });
      expect(await store.events.findById('e')).toEqual(approved);
      // The version the first decision was taken on is gone: a second one on it is refused, nothing logged.
      expect(await approve(at(1), at(4))).toBeNull();
      const rejected = await store.events.transition({
        seen: at(3),
        next: { ...(approved as AgendaEvent), status: 'rejected', rejectionReason: 'Doublon', updatedAt: at(5) },
        entry: { adminUid: 'boss', action: 'reject', reason: 'Doublon', createdAt: at(5) },
      });
      expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Doublon' });
      const history = await store.events.moderationHistory('e');
      expect(history.map((h) => [h.action, h.adminName, h.eventTitle, h.reason])).toEqual([
        ['reject', 'Chef', 'Concert de printemps', 'Doublon'],
        ['approve', 'Chef', 'Concert de printemps', ''],
      ]);
      expect(history[0].id).toBeGreaterThan(history[1].id);
      expect(await store.stats.countApprovedBetween(at(0), at(10))).toBe(1);
      expect((await store.stats.recentModeration(1)).map((h) => h.action)).toEqual(['reject']);
      expect(await store.events.countAwaitingModeration()).toBe(0);
      // An organizer's step (no entry) is not logged.
      await store.events.transition({ seen: at(5), next: { ...(rejected as AgendaEvent), updatedAt: at(6) } });
      expect(await store.events.moderationHistory('e')).toHaveLength(2);
    });

    it('deux admins qui décident en même temps sur la même version : une seule décision passe', async () => {
      await addUser('a', 'admin');
      await addUser('b', 'admin');
      const pending = makeEvent({ id: 'e', status: 'pending', updatedAt: at(1) });
      await store.events.insertMany([pending]);
      const results = await Promise.all(
        (['a', 'b'] as const).map((uid, i) =>
          store.events.transition({
            seen: at(1),
            next:
              i === 0
                ? { ...pending, status: 'approved', updatedAt: at(2) }
                : { ...pending, status: 'rejected', rejectionReason: 'Non', updatedAt: at(3) },
            entry: { adminUid: uid, action: i === 0 ? 'approve' : 'reject', reason: '', createdAt: at(2 + i) },
          }),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await store.events.moderationHistory('e')).toHaveLength(1);
    });

    it('une révision en attente : gardée à part, hors de la recherche publique, comptée et en file', async () => {
      const withRevision = makeEvent({
        id: 'rev',
        submittedAt: at(2),
        pendingChanges: ['title', 'city', 'image', 'accessibility'],
        revision: {
          ...contentOf(makeEvent()),
          title: 'Récital déplacé au temple',
          city: 'Colombier',
          image: { path: 'events/neuve', width: 800, height: 600, alt: 'Nouvelle affiche' },
          accessibility: { wheelchair: true, hearing: false, familyFriendly: false },
        },
      });
      await store.events.insertMany([
        withRevision,
        makeEvent({ id: 'p', status: 'pending', submittedAt: at(1) }),
        makeEvent({ id: 'w', status: 'withdrawn', previousStatus: 'pending', submittedAt: at(0) }),
        makeEvent({
          id: 'c',
          status: 'cancelled',
          previousStatus: 'approved',
          submittedAt: at(3),
          startsAt: inDays(11),
          endsAt: inDays(11.1),
        }),
      ]);
      expect(await store.events.findById('rev')).toEqual(withRevision);
      expect(await store.events.findById('w')).toMatchObject({ status: 'withdrawn', previousStatus: 'pending' });
      // An admin's decisions its owner cannot reverse (issue 31) are kept, and a write changes them.
      const held = makeEvent({ id: 'held', status: 'cancelled', refusedByAdmin: true, cancelledByAdmin: true });
      await store.events.insertMany([held]);
      expect(await store.events.findById('held')).toEqual(held);
      const lifted = { ...held, status: 'pending' as const, cancelledByAdmin: false, updatedAt: at(5) };
      expect(await store.events.transition({ seen: held.updatedAt, next: lifted })).toEqual({
        ...lifted,
        icalSequence: 1,
      });
      expect(await store.events.findById('held')).toMatchObject({ refusedByAdmin: true, cancelledByAdmin: false });
      await store.events.remove({
        id: 'held',
        seen: lifted.updatedAt,
        entry: { adminUid: null, action: 'delete', reason: '', createdAt: at(6) },
      });
      // The public searches the approved content only.
      expect(ids2(await store.events.search({ ...PUBLIC, words: ['temple'] }))).toEqual([]);
      expect(ids2(await store.events.search({ ...PUBLIC, words: ['printemps'] }))).toEqual(['rev', 'c']);
      expect(await store.events.countAwaitingModeration()).toBe(2);
      const queue = await store.events.listForModeration({ status: 'awaiting', limit: 10 });
      expect(ids2(queue)).toEqual(['p', 'rev']);
      expect(ids2(await store.events.listForModeration({ status: 'withdrawn', limit: 10 }))).toEqual(['w']);
      // Approving the revision: the new content is public, nothing waits any more.
      const published: AgendaEvent = {
        ...withRevision,
        ...(withRevision.revision as NonNullable<AgendaEvent['revision']>),
        revision: null,
        pendingChanges: [],
        updatedAt: at(4),
      };
      await store.events.transition({ seen: withRevision.updatedAt, next: published });
      expect(ids2(await store.events.search({ ...PUBLIC, words: ['temple'] }))).toEqual(['rev']);
      expect(await store.events.countAwaitingModeration()).toBe(1);
    });

    it('supprimer : l’événement et ses clés de soumission partent, ses décisions restent avec son titre', async () => {
      await addUser('orga');
      await addUser('boss', 'admin', { name: 'Chef' });
      const { event } = await store.events.createSubmission({
        uid: 'orga',
        submissionKey: 'cle-de-suppression-24-car',
        event: makeEvent({ id: 'gone', title: 'Fête à supprimer', status: 'pending', createdBy: 'orga' }),
      });
      await store.events.insertMany([makeEvent({ id: 'kept', title: 'Fête qui reste', createdBy: 'orga' })]);
      const approved = await store.events.transition({
        seen: event.updatedAt,
        next: { ...event, status: 'approved', updatedAt: at(1) },
        entry: { adminUid: 'boss', action: 'approve', reason: '', createdAt: at(1) },
      });
      const entry = { adminUid: 'boss', action: 'delete' as const, reason: '', createdAt: at(2) };
      expect(await store.events.remove({ id: 'gone', seen: event.updatedAt, entry })).toBe(false);
      expect(await store.events.remove({ id: 'gone', seen: (approved as AgendaEvent).updatedAt, entry })).toBe(true);
      expect(await store.events.findById('gone')).toBeNull();
      expect(await store.events.findSubmission('orga', 'cle-de-suppression-24-car')).toBeNull();
      expect((await store.events.listByOwner('orga')).map((e) => e.id)).toEqual(['kept']);
      expect(await store.events.search({ ...PUBLIC, words: ['supprimer'] })).toEqual({ items: [], total: 0, dates: 0 });
      expect((await store.events.search(PUBLIC)).items.map((e) => e.id)).toEqual(['kept']);
      const history = await store.events.moderationHistory('gone');
      expect(history.map((h) => [h.action, h.eventTitle, h.adminName])).toEqual([
        ['delete', 'Fête à supprimer', 'Chef'],
        ['approve', 'Fête à supprimer', 'Chef'],
      ]);
      expect((await store.stats.recentModeration(1)).map((h) => [h.action, h.eventTitle])).toEqual([
        ['delete', 'Fête à supprimer'],
      ]);
      expect(await store.events.remove({ id: 'gone', seen: at(1), entry })).toBe(false);
      // The key is free again: a new submission with it creates a new event.
      const again = await store.events.createSubmission({
        uid: 'orga',
        submissionKey: 'cle-de-suppression-24-car',
        event: makeEvent({ id: 'new', status: 'pending', createdBy: 'orga' }),
      });
      expect(again).toMatchObject({ created: true, event: { id: 'new' } });
    });

    it('les soumissions se comptent par période', async () => {
      await store.events.insertMany([
        makeEvent({ submittedAt: at(1) }),
        makeEvent({ submittedAt: at(2) }),
        makeEvent({ submittedAt: at(11) }),
      ]);
      expect(await store.stats.countSubmissions([at(0), at(10), at(20), at(30)])).toEqual([2, 1, 0]);
    });
  });

  describe('occurrences des séries (décision 041)', () => {
    /** A Saturday market from 9 March 2030, six times, the 23rd excluded (RFC 5545: five dates). */
    function series(rule: Partial<ScheduleRule> = {}, overrides: Partial<AgendaEvent> = {}): AgendaEvent {
      const schedule = makeSaturdayMarket({ firstDate: '2030-03-09', count: 6, exclude: ['2030-03-23'], ...rule });
      return makeSeriesEvent(schedule, { id: 'marche', status: 'approved', ...overrides });
    }
    const startsOf = (list: { startsAt: string }[]) => list.map((o) => o.startsAt);

    it('chaque date d’une série est stockée avec l’événement ; un événement simple a la sienne', async () => {
      const single = makeEvent({ id: 'simple', status: 'approved' });
      await store.events.insertMany([series(), single]);
      expect(startsOf(await store.events.occurrences('marche'))).toEqual([
        '2030-03-09T08:00:00+01:00',
        '2030-03-16T08:00:00+01:00',
        '2030-03-30T08:00:00+01:00',
        '2030-04-06T08:00:00+02:00',
        '2030-04-13T08:00:00+02:00',
      ]);
      expect(startsOf(await store.events.occurrences('marche', '2030-03-20T00:00:00.000Z'))).toEqual([
        '2030-03-30T08:00:00+01:00',
        '2030-04-06T08:00:00+02:00',
        '2030-04-13T08:00:00+02:00',
      ]);
      expect(await store.events.occurrences('simple')).toEqual([
        {
          startsAt: single.startsAt,
          endsAt: single.endsAt,
          startsTs: Date.parse(single.startsAt),
          endsTs: Date.parse(single.endsAt),
          openEnd: false,
          cancelled: false,
        },
      ]);
      expect((await store.events.findById('marche'))?.schedule).toEqual(series().schedule);
    });

    it('une transition les remplace et marque les dates annulées ; la suppression les retire', async () => {
      const stored = (await store.events.createSubmission({ uid: 'u1', submissionKey: 'k', event: series() })).event;
      expect(await store.events.occurrences('marche')).toHaveLength(5);
      const next = {
        ...series({ count: 3, exclude: [] }),
        cancelledDates: ['2030-03-16T08:00:00+01:00'],
        updatedAt: at(1),
      };
      expect(await store.events.transition({ seen: stored.updatedAt, next })).not.toBeNull();
      const after = await store.events.occurrences('marche');
      expect(after.map((o) => [o.startsAt, o.cancelled])).toEqual([
        ['2030-03-09T08:00:00+01:00', false],
        ['2030-03-16T08:00:00+01:00', true],
        ['2030-03-23T08:00:00+01:00', false],
      ]);
      expect((await store.events.findById('marche'))?.cancelledDates).toEqual(['2030-03-16T08:00:00+01:00']);
      const entry = { adminUid: null, action: 'delete' as const, reason: '', createdAt: at(2) };
      expect(await store.events.remove({ id: 'marche', seen: at(1), entry })).toBe(true);
      expect(await store.events.occurrences('marche')).toEqual([]);
    });

    it('la liste compte chaque date à venir, triée par sa date ; une fenêtre trouve la bonne ; seuls les publics', async () => {
      const single = makeEvent({
        id: 'simple',
        status: 'approved',
        startsAt: inDays(20),
        endsAt: at(20 * 24 * 60 + 60),
      });
      await store.events.insertMany([series(), single, series({}, { id: 'attente', status: 'pending' })]);
      const all = await store.events.search(PUBLIC);
      expect(all.total).toBe(6);
      expect(all.items.map((e) => [e.id, e.startsAt])).toEqual([
        ['marche', '2030-03-09T08:00:00+01:00'],
        ['marche', '2030-03-16T08:00:00+01:00'],
        ['simple', single.startsAt],
        ['marche', '2030-03-30T08:00:00+01:00'],
        ['marche', '2030-04-06T08:00:00+02:00'],
        ['marche', '2030-04-13T08:00:00+02:00'],
      ]);
      expect(all.items[0].occurrence).toEqual({ cancelled: false, upcoming: 5 });
      expect(all.items[0].endsAt).toBe('2030-03-09T12:00:00+01:00');
      // The weekend of 16–17 March 2030.
      const weekend = await store.events.search({
        ...PUBLIC,
        endsAfter: '2030-03-15T23:00:00.000Z',
        startsBefore: '2030-03-17T23:00:00.000Z',
      });
      expect(weekend.items.map((e) => [e.id, e.startsAt])).toEqual([['marche', '2030-03-16T08:00:00+01:00']]);
      const later = await store.events.search({ ...PUBLIC, endsAfter: '2030-04-01T00:00:00.000Z' });
      expect(later.items[0].occurrence?.upcoming).toBe(2);
      const perEvent = await store.events.search({ ...PUBLIC, oneRowPerEvent: true });
      expect(perEvent.items.map((e) => [e.id, e.startsAt])).toEqual([
        ['marche', '2030-03-09T08:00:00+01:00'],
        ['simple', single.startsAt],
      ]);
      expect(perEvent.total).toBe(2);
      expect(perEvent.dates).toBe(6);
      expect(perEvent.items.map((e) => e.occurrence?.matching)).toEqual([5, 1]);
      expect(all.dates).toBe(6);
      const words = await store.events.search({ ...PUBLIC, words: ['concert'], startsBefore: inDays(16) });
      expect(words.items.map((e) => e.startsAt)).toEqual(['2030-03-09T08:00:00+01:00', '2030-03-16T08:00:00+01:00']);
      // A series counts once among the events of its category (decision 065).
      expect((await store.events.countUpcomingByCategory(NOW, ['approved'])).musique).toBe(2);
      const points = await store.events.mapPoints(PUBLIC, 10);
      expect(points.map((p) => [p.id, p.startsAt])).toEqual([
        ['marche', '2030-03-09T08:00:00+01:00'],
        ['simple', single.startsAt],
      ]);
    });

    it('une série est un seul résultat : sa prochaine date non annulée dans la fenêtre, et ses dates comptées (décision 065)', async () => {
      const single = makeEvent({ id: 'simple', status: 'approved', startsAt: inDays(12), endsAt: inDays(12.1) });
      await store.events.insertMany([
        series({}, { cancelledDates: ['2030-03-09T08:00:00+01:00'] }),
        single,
        series({}, { id: 'attente', status: 'pending' }),
      ]);
      const grouped = { ...PUBLIC, oneRowPerEvent: true };
      const all = await store.events.search(grouped);
      // The first Saturday is cancelled: the series stands at the next one, with the four of its five dates that take
      // place (« 5 dates » for 4 was an outside tester's finding); the list's bar counts them so too (« 1 événement,
      // 10 dates » above a card saying « 9 dates » was another's).
      expect(all.items.map((e) => [e.id, e.startsAt, e.occurrence?.cancelled, e.occurrence?.matching])).toEqual([
        ['simple', single.startsAt, false, 1],
        ['marche', '2030-03-16T08:00:00+01:00', false, 4],
      ]);
      expect(all.items[1].occurrence?.upcoming).toBe(4);
      expect([all.total, all.dates]).toEqual([2, 5]);
      // A window: the dates within it only. 30 March to 7 April 2030: two Saturdays.
      const window = await store.events.search({
        ...grouped,
        endsAfter: '2030-03-29T23:00:00.000Z',
        startsBefore: '2030-04-07T22:00:00.000Z',
      });
      expect(window.items.map((e) => [e.id, e.startsAt, e.occurrence?.matching])).toEqual([
        ['marche', '2030-03-30T08:00:00+01:00', 2],
      ]);
      expect([window.total, window.dates]).toEqual([1, 2]);
      // Only its cancelled date in the window: it stays, marked.
      const cancelled = await store.events.search({ ...grouped, startsBefore: '2030-03-10T00:00:00.000Z' });
      expect(cancelled.items.map((e) => [e.id, e.occurrence?.cancelled, e.occurrence?.matching])).toEqual([
        ['marche', true, 0],
      ]);
      expect([cancelled.total, cancelled.dates]).toEqual([1, 0]);
      // Searched words keep the date order; the page and its offset count events.
      const words = await store.events.search({ ...grouped, words: ['concert'], limit: 1, offset: 1 });
      expect(words.items.map((e) => e.id)).toEqual(['marche']);
      expect([words.total, words.dates]).toEqual([2, 5]);
      // One row per date, the cancelled one is listed (struck through) but not counted among the dates.
      const rows = await store.events.search(PUBLIC);
      expect([rows.total, rows.dates]).toEqual([6, 5]);
    });

    it('les dates sont stockées jusqu’à l’horizon de 18 mois ; le travail quotidien prolonge une fois', async () => {
      await store.events.insertMany([series({ count: null, until: '2032-12-31', exclude: [] })]);
      const first = await store.events.occurrences('marche');
      // 18 months after its first date (9 March 2030): the last stored Saturday is 6 September 2031.
      expect(first.at(-1)?.startsAt).toBe('2031-09-06T08:00:00+02:00');
      expect(await store.events.extendOccurrences('2033-06-01T00:00:00.000Z')).toBe(1);
      const extended = await store.events.occurrences('marche');
      expect(extended.at(-1)?.startsAt).toBe('2032-12-25T08:00:00+01:00');
      expect(extended.length).toBeGreaterThan(first.length);
      expect(await store.events.extendOccurrences('2033-06-01T00:00:00.000Z')).toBe(0);
    });
  });

  describe('partenaires', () => {
    it('chaque partenaire arrive à la fin de son genre ; les partenaires avant les donateurs', async () => {
      const a = await store.partners.create(makePartner({ id: 'a' }));
      const d = await store.partners.create(makePartner({ id: 'd', kind: 'donateur' }));
      const b = await store.partners.create(makePartner({ id: 'b', active: false }));
      expect([a.order, d.order, b.order]).toEqual([1, 1, 2]);
      expect((await store.partners.list()).map((p) => p.id)).toEqual(['a', 'b', 'd']);
      expect((await store.partners.list({ activeOnly: true })).map((p) => p.id)).toEqual(['a', 'd']);
      expect(await store.partners.findById('b')).toMatchObject({ name: 'Partenaire b' });
    });

    it('se retrouve par son slug ; changer de genre le met à la fin du nouveau genre', async () => {
      await store.partners.create(makePartner({ id: 'p1', slug: 'cafe-du-lac' }));
      await store.partners.create(makePartner({ id: 'd1', kind: 'donateur' }));
      expect((await store.partners.findById('cafe-du-lac'))?.id).toBe('p1');
      const moved = await store.partners.update('p1', {
        name: 'Café du Lac',
        kind: 'donateur',
        description: 'Merci',
        logo: null,
        websiteUrl: '',
        active: true,
      });
      expect(moved).toMatchObject({ slug: 'cafe-du-lac', kind: 'donateur', order: 2, name: 'Café du Lac' });
      expect(await store.partners.update('absent', { ...(moved as Partner) })).toBeNull();
      expect(await store.partners.setActive('p1', false)).toBe(true);
      expect(await store.partners.setActive('absent', false)).toBe(false);
      expect((await store.partners.findById('p1'))?.active).toBe(false);
    });

    it('réordonner est tout ou rien : il faut exactement les partenaires de ce genre', async () => {
      for (const id of ['x', 'y', 'z']) await store.partners.create(makePartner({ id }));
      await store.partners.create(makePartner({ id: 'd', kind: 'donateur' }));
      expect(await store.partners.reorder('partenaire', ['z', 'x'])).toBe(false);
      expect(await store.partners.reorder('partenaire', ['z', 'x', 'd'])).toBe(false);
      expect(await store.partners.reorder('partenaire', ['z', 'x', 'x'])).toBe(false);
      expect((await store.partners.list()).map((p) => p.id)).toEqual(['x', 'y', 'z', 'd']);
      expect(await store.partners.reorder('partenaire', ['z', 'x', 'y'])).toBe(true);
      expect((await store.partners.list()).map((p) => p.id)).toEqual(['z', 'x', 'y', 'd']);
    });

    it('un partenaire supprimé disparaît, par son id seulement', async () => {
      await store.partners.create(makePartner({ id: 'p1', slug: 'cafe-du-lac' }));
      await store.partners.create(makePartner({ id: 'p2' }));
      expect(await store.partners.delete('cafe-du-lac')).toBe(false);
      expect(await store.partners.delete('p1')).toBe(true);
      expect(await store.partners.delete('p1')).toBe(false);
      expect(await store.partners.findById('p1')).toBeNull();
      expect(await store.partners.findById('cafe-du-lac')).toBeNull();
      expect((await store.partners.list()).map((p) => p.id)).toEqual(['p2']);
    });
  });

  describe('dons', () => {
    it('un paiement s’enregistre une seule fois et fait du compte un soutien', async () => {
      await addUser('donor');
      const donation = makeDonation({ uid: 'donor', providerRef: 'cs_1', amount: 0.1 });
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => store.donations.recordPaid({ ...donation, id: `d${i}` })),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.donation.id)).size).toBe(1);
      expect(await store.users.findById('donor')).toMatchObject({ supported: true });
      await store.donations.recordPaid(
        makeDonation({ uid: 'donor', providerRef: 'cs_2', amount: 0.2, createdAt: at(1) }),
      );
      expect(await store.donations.totalsPerPeriod([at(0), at(5), at(10)])).toEqual([
        { total: 0.3, count: 2 },
        { total: 0, count: 0 },
      ]);
    });

    it('un compte inconnu est noté sans compte ; la liste récente donne le nom actuel du donateur', async () => {
      await addUser('donor', 'organizer', { name: 'Dora' });
      const unknown = await store.donations.recordPaid(makeDonation({ uid: 'ghost', providerRef: 'cs_g' }));
      expect(unknown.donation.uid).toBeNull();
      await store.donations.recordPaid(makeDonation({ uid: 'donor', providerRef: 'cs_d', createdAt: at(1) }));
      const recent = await store.donations.listRecent(10);
      expect(recent.map((d) => [d.providerRef, d.donorName])).toEqual([
        ['cs_d', 'Dora'],
        ['cs_g', null],
      ]);
      expect(await store.donations.findByProviderRef('stripe', 'cs_d')).toMatchObject({ uid: 'donor', amount: 25 });
    });

    it('les noms publics : un par donateur, le dernier choisi, jamais un compte désactivé', async () => {
      await addUser('boss', 'admin');
      await addUser('a');
      await addUser('b');
      await store.donations.recordPaid(makeDonation({ uid: 'a', publicName: 'Anne', createdAt: at(1) }));
      await store.donations.recordPaid(makeDonation({ uid: 'a', publicName: 'Anne M.', createdAt: at(3) }));
      await store.donations.recordPaid(makeDonation({ uid: 'b', publicName: 'Bernard', createdAt: at(2) }));
      await store.donations.recordPaid(makeDonation({ uid: 'b', publicName: null, createdAt: at(4) }));
      expect(await store.donations.publicNames(10)).toEqual(['Anne M.', 'Bernard']);
      await store.users.setDisabled({ uid: 'b', disabled: true, actorUid: 'boss', now: at(5) });
      expect(await store.donations.publicNames(10)).toEqual(['Anne M.']);
    });
  });

  describe('messages, notifications et état du stockage', () => {
    it('les messages de contact se comptent et se relisent, le plus récent d’abord', async () => {
      const message = (id: string, createdAt: string) => ({
        id,
        name: 'Léa',
        email: 'lea@exemple.ch',
        subject: `Question ${id}`,
        message: 'Bonjour',
        createdAt,
      });
      await store.contactMessages.add(message('m1', NOW));
      expect(await store.contactMessages.count()).toBe(1);
      await store.contactMessages.add(message('m3', at(2)));
      await store.contactMessages.add(message('m2', at(1)));
      expect(await store.contactMessages.count()).toBe(3);
      expect(await store.contactMessages.listRecent(2)).toEqual([message('m3', at(2)), message('m2', at(1))]);
      expect((await store.contactMessages.listRecent(10)).map((m) => m.id)).toEqual(['m3', 'm2', 'm1']);
    });

    it('une notification va à chaque admin actif, la plus récente d’abord', async () => {
      await addUser('a', 'admin');
      await addUser('b', 'admin');
      await addUser('o');
      await store.users.setDisabled({ uid: 'b', disabled: true, actorUid: 'a', now: at(1) });
      for (const [id, minute] of [
        ['n1', 1],
        ['n2', 2],
      ] as const) {
        await store.notifications.addForAdmins({
          id,
          title: 'Nouvel événement à modérer',
          body: 'Concert',
          data: { type: 'new-event', eventId: 'e1' },
          timestamp: at(minute),
        });
      }
      const list = await store.notifications.listFor('a', 1);
      expect(list).toEqual([
        {
          id: 'n2-a',
          title: 'Nouvel événement à modérer',
          body: 'Concert',
          data: { type: 'new-event', eventId: 'e1' },
          timestamp: at(2),
        },
      ]);
      expect(await store.notifications.listFor('b', 10)).toEqual([]);
      expect(await store.notifications.listFor('o', 10)).toEqual([]);
    });

    it('un stockage neuf est vide ; chaque écriture change la révision', async () => {
      const { store: fresh, dispose: close } = await backend.open();
      try {
        expect(await fresh.isEmpty()).toBe(true);
        const before = fresh.revision();
        await fresh.categories.upsertMany(DEFAULT_CATEGORIES.slice(0, 1));
        expect(await fresh.isEmpty()).toBe(false);
        const afterCategory = fresh.revision();
        expect(afterCategory).not.toBe(before);
        await fresh.events.insertMany([makeEvent({ category: DEFAULT_CATEGORIES[0].slug })]);
        expect(fresh.revision()).not.toBe(afterCategory);
      } finally {
        await close();
      }
    });
  });
});

function ids2(r: { items: AgendaEvent[] }) {
  return r.items.map((e) => e.id);
}
