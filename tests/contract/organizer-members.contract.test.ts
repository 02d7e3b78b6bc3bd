// An organization is several people (issue 73, decision 167), on SQLite and on Firestore: members with a role, the
// organizer record's accounts following in the same write, never members without a « responsable »; the accounts
// that spoke for a record before become its responsables (SQLite's migration 31, Firestore's upgrade); the events
// « au nom de » an organization listed for its members, whatever their status.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import { migrate } from '../../app/.server/adapters/sqlite/db';
import { MIGRATIONS } from '../../app/.server/adapters/sqlite/migrations';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import { organizerNamed } from '../../app/.server/places/new-records';
import { makeEvent } from '../support/factories';
import { freshFirestore } from '../support/firestore-emulator';
import { BACKENDS, storeForEachTest } from './backends';

const AT = (day: number) => new Date(Date.UTC(2030, 2, day, 9)).toISOString();
const record = (name: string, accountUids: string[] = []) => ({
  ...organizerNamed(name, 'approved', AT(1), accountUids),
  id: name.toLowerCase(),
  slug: name.toLowerCase(),
});

describe.each(BACKENDS)('membres d’une organisation : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  it('des membres avec leur rôle ; jamais sans responsable ; les comptes de la fiche suivent', async () => {
    await store.organizers.insertMany([record('Chorale')]);
    const members = store.organizerMembers;
    // The first member is a responsable: an organization of « membres » alone is refused.
    expect(await members.set({ organizerId: 'chorale', uid: 'ana', role: 'membre', now: AT(2) })).toBe('last');
    expect(await members.set({ organizerId: 'chorale', uid: 'ana', role: 'responsable', now: AT(2) })).toBe('ok');
    expect(await members.set({ organizerId: 'chorale', uid: 'bea', role: 'membre', now: AT(3) })).toBe('ok');
    expect(await members.set({ organizerId: 'absente', uid: 'bea', role: 'responsable', now: AT(3) })).toBe('absent');
    expect((await members.listByOrganizer('chorale')).map((m) => [m.uid, m.role])).toEqual([
      ['ana', 'responsable'],
      ['bea', 'membre'],
    ]);
    expect((await store.organizers.findById('chorale'))?.accountUids).toEqual(['ana', 'bea']);
    expect((await store.organizers.listByAccount('bea')).map((o) => o.id)).toEqual(['chorale']);

    // The only responsable can neither step down nor leave; once another is named, she can.
    expect(await members.set({ organizerId: 'chorale', uid: 'ana', role: 'membre', now: AT(4) })).toBe('last');
    expect(await members.remove({ organizerId: 'chorale', uid: 'ana', now: AT(4) })).toBe('last');
    expect(await members.set({ organizerId: 'chorale', uid: 'bea', role: 'responsable', now: AT(4) })).toBe('ok');
    expect(await members.remove({ organizerId: 'chorale', uid: 'ana', now: AT(5) })).toBe('ok');
    expect(await members.remove({ organizerId: 'chorale', uid: 'ana', now: AT(5) })).toBe('absent');
    expect((await store.organizers.findById('chorale'))?.accountUids).toEqual(['bea']);
    expect(await members.listByAccount('ana')).toEqual([]);
    expect((await members.listByAccount('bea')).map((m) => [m.organizerId, m.role])).toEqual([
      ['chorale', 'responsable'],
    ]);
    // The last member goes only when an admin unlinks her: the record is unclaimed again.
    expect(await members.remove({ organizerId: 'chorale', uid: 'bea', now: AT(6) })).toBe('last');
    expect(await members.remove({ organizerId: 'chorale', uid: 'bea', now: AT(6), allowEmpty: true })).toBe('ok');
    expect((await store.organizers.findById('chorale'))?.accountUids).toEqual([]);
  });

  it('deux responsables qui se retirent en même temps : il en reste un', async () => {
    await store.organizers.insertMany([record('Fanfare')]);
    const members = store.organizerMembers;
    await members.set({ organizerId: 'fanfare', uid: 'ana', role: 'responsable', now: AT(2) });
    await members.set({ organizerId: 'fanfare', uid: 'bea', role: 'responsable', now: AT(2) });
    await members.set({ organizerId: 'fanfare', uid: 'cle', role: 'membre', now: AT(2) });
    const results = await Promise.all([
      members.remove({ organizerId: 'fanfare', uid: 'ana', now: AT(3) }),
      members.set({ organizerId: 'fanfare', uid: 'bea', role: 'membre', now: AT(3) }),
    ]);
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'last')).toHaveLength(1);
    const left = await members.listByOrganizer('fanfare');
    expect(left.filter((m) => m.role === 'responsable')).toHaveLength(1);
  });

  it('les événements au nom des organisations, de tout statut, pour leurs membres', async () => {
    await store.organizers.insertMany([record('Chorale'), record('Fanfare')]);
    const event = (id: string, organizerId: string, status: 'pending' | 'approved', day: number) =>
      makeEvent({ id, slug: id, organizerId, status, createdBy: null, startsAt: AT(day), endsAt: AT(day) });
    await store.events.insertMany([
      event('concert', 'chorale', 'pending', 20),
      event('messe', 'chorale', 'approved', 10),
      event('defile', 'fanfare', 'pending', 15),
    ]);
    expect((await store.organizerMembers.listEvents(['chorale'])).map((e) => e.id)).toEqual(['concert', 'messe']);
    expect((await store.organizerMembers.listEvents(['chorale', 'fanfare'])).map((e) => e.id)).toEqual([
      'concert',
      'defile',
      'messe',
    ]);
    expect(await store.organizerMembers.listEvents([])).toEqual([]);
  });
});

describe.each(BACKENDS)('invitations à une organisation : $name', (backend) => {
  const store = storeForEachTest(backend);
  const invitation = (id: string, email: string, createdAt = AT(2)) => ({
    id,
    organizerId: 'chorale',
    email,
    role: 'membre' as const,
    invitedBy: 'ana',
    createdAt,
    expiresAt: AT(9),
  });

  it('valable jusqu’à son échéance, une seule fois ; la nouvelle remplace l’ancienne de la même adresse', async () => {
    const invitations = store.organizerInvitations;
    await invitations.issue(invitation('h1', 'Bea@Exemple.ch'));
    await invitations.issue(invitation('h2', 'cle@exemple.ch', AT(3)));
    expect((await invitations.peek('h1', AT(4)))?.email).toBe('Bea@Exemple.ch');
    expect(await invitations.peek('h1', AT(9))).toBeNull();
    await invitations.issue(invitation('h3', 'bea@exemple.ch', AT(4)));
    expect(await invitations.peek('h1', AT(5))).toBeNull();
    expect((await invitations.listPending('chorale', AT(5))).map((i) => i.id)).toEqual(['h3', 'h2']);
    const used = await Promise.all([invitations.consume('h3', AT(6)), invitations.consume('h3', AT(6))]);
    expect(used.filter(Boolean)).toHaveLength(1);
    expect(await invitations.consume('h3', AT(7))).toBeNull();
    expect(await invitations.consume('h2', AT(10))).toBeNull();
    expect(await invitations.listPending('chorale', AT(7))).toMatchObject([{ id: 'h2' }]);
  });

  it('un responsable retire une invitation en attente : son lien ne vaut plus ; une invitation utilisée reste', async () => {
    const invitations = store.organizerInvitations;
    await invitations.issue(invitation('h1', 'Bea@Exemple.ch'));
    await invitations.issue(invitation('h2', 'cle@exemple.ch', AT(3)));
    await invitations.consume('h2', AT(4));
    expect(await invitations.revoke('chorale', 'bea@exemple.ch')).toBe(1);
    expect(await invitations.peek('h1', AT(4))).toBeNull();
    expect(await invitations.consume('h1', AT(4))).toBeNull();
    expect(await invitations.revoke('chorale', 'cle@exemple.ch')).toBe(0);
    expect(await invitations.revoke('autre', 'bea@exemple.ch')).toBe(0);
    expect(await invitations.listPending('chorale', AT(5))).toEqual([]);
  });
});

describe('les comptes d’une fiche deviennent ses responsables', () => {
  it('SQLite : migration 31', () => {
    const db = new Database(':memory:');
    for (const [i, sql] of MIGRATIONS.slice(0, 30).entries()) {
      db.exec(sql);
      db.pragma(`user_version = ${i + 1}`);
    }
    const o = record('Chorale', ['ana', 'bea']);
    db.prepare('INSERT INTO organizers (id, slug, status, name, data) VALUES (?, ?, ?, ?, ?)').run(
      o.id,
      o.slug,
      o.status,
      o.name,
      JSON.stringify(o),
    );
    expect(migrate(db)).toBe(MIGRATIONS.length);
    const rows = db.prepare('SELECT organizer_id, uid, role FROM organizer_members ORDER BY uid').all();
    expect(rows).toEqual([
      { organizer_id: 'chorale', uid: 'ana', role: 'responsable' },
      { organizer_id: 'chorale', uid: 'bea', role: 'responsable' },
    ]);
    return createSqliteStore(db).close();
  });

  it('Firestore : mise à niveau au premier usage', async () => {
    const { db, dispose } = await freshFirestore('members-upgrade');
    const o = record('Chorale', ['ana', 'bea']);
    await db.collection('organizers').doc(o.id).set(o);
    const store = createFirestoreStore(db);
    try {
      await store.ready();
      expect((await store.organizerMembers.listByOrganizer('chorale')).map((m) => [m.uid, m.role])).toEqual([
        ['ana', 'responsable'],
        ['bea', 'responsable'],
      ]);
    } finally {
      await store.close();
      await dispose();
    }
  });
});
