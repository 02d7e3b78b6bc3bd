// An organization's members in Firestore (decision 167): `organizerMembers/{organizerId}:{uid}`, read by the security
// rules (a member reads the organization's pending events). Each write reads the members and the organizer record in
// one transaction, checks that a responsable remains, and writes the member and the record's `accountUids` together.
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { membersAfter, type OrganizerMember } from '~/domain/organization';
import type { Organizer } from '~/domain/place';
import { withAccount } from '~/domain/place-records';
import type { MemberWrite, OrganizerMemberStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, inBatches } from './db';
import { eventConverter } from './event-docs';

export const memberDocId = (organizerId: string, uid: string) => `${organizerId}:${uid}`;

const toMember = (d: DocumentData): OrganizerMember => ({
  organizerId: String(d.organizerId),
  uid: String(d.uid),
  role: d.role === 'responsable' ? 'responsable' : 'membre',
  since: String(d.since),
});

const byRole = (a: OrganizerMember, b: OrganizerMember) =>
  Number(b.role === 'responsable') - Number(a.role === 'responsable') ||
  a.since.localeCompare(b.since) ||
  a.uid.localeCompare(b.uid);

const UPGRADE = 'organizerMembers';
const upgrades = new WeakMap<Firestore, Promise<void>>();

/**
 * As SQLite's migration 31, once per database: the accounts that spoke for an organizer become its responsables; a
 * marker document says it is done (one read per process afterwards).
 */
function upgradeMembers(db: Firestore): Promise<void> {
  let done = upgrades.get(db);
  if (!done) {
    done = (async () => {
      const marker = db.collection(COLLECTIONS.upgrades).doc(UPGRADE);
      if ((await marker.get()).exists) return;
      const all = await db.collection(COLLECTIONS.organizers).select('id', 'accountUids', 'updatedAt').get();
      // Members already there (a site moved from SQLite, say) keep their role.
      const known = new Set((await db.collection(COLLECTIONS.organizerMembers).select().get()).docs.map((d) => d.id));
      const members = all.docs.flatMap((d) => {
        const o = d.data() as Organizer;
        return (o.accountUids ?? [])
          .map((uid) => ({ organizerId: d.id, uid, role: 'responsable', since: o.updatedAt }))
          .filter((m) => !known.has(memberDocId(m.organizerId, m.uid)));
      });
      await inBatches(db, members, (batch, m) =>
        batch.set(db.collection(COLLECTIONS.organizerMembers).doc(memberDocId(m.organizerId, m.uid)), m),
      );
      await marker.set({ doneAt: new Date().toISOString() });
    })();
    // A failed upgrade is tried again by the next call.
    done.catch(() => upgrades.delete(db));
    upgrades.set(db, done);
  }
  return done;
}

export function createOrganizerMemberStore(ctx: FirestoreContext): OrganizerMemberStore {
  const { db } = ctx;
  const members = () => db.collection(COLLECTIONS.organizerMembers);
  const organizers = () => db.collection(COLLECTIONS.organizers);

  async function write(
    organizerId: string,
    uid: string,
    now: string,
    setting: boolean,
    change: (current: OrganizerMember[]) => { result: MemberWrite; role?: OrganizerMember['role'] | null },
  ): Promise<MemberWrite> {
    await upgradeMembers(db);
    // The record is written by every change of its members (its accounts, the same or not): two transactions that
    // read the same members conflict on it, so one of them reads again (a responsable always remains, across
    // instances); the keyed lock spares this instance the retries.
    const result = await ctx.lock(`organizer-members:${organizerId}`, () =>
      db.runTransaction(async (tx) => {
        const [record, snapshot] = await Promise.all([
          tx.get(organizers().doc(organizerId)),
          tx.get(members().where('organizerId', '==', organizerId)),
        ]);
        if (setting && !record.exists) return 'absent';
        const current = snapshot.docs.map((d) => toMember(d.data()));
        const decided = change(current);
        if (decided.result !== 'ok') return decided.result;
        const ref = members().doc(memberDocId(organizerId, uid));
        const wasMember = current.some((m) => m.uid === uid);
        if (decided.role) {
          tx.set(ref, { organizerId, uid, role: decided.role, since: now });
        } else tx.delete(ref);
        if (record.exists && wasMember !== Boolean(decided.role)) {
          const next = withAccount(record.data() as Organizer, uid, Boolean(decided.role), now);
          tx.update(record.ref, { accountUids: next.accountUids, updatedAt: next.updatedAt });
        } else if (record.exists) tx.update(record.ref, { accountUids: record.get('accountUids') ?? [] });
        return 'ok';
      }),
    );
    if (result === 'ok') ctx.touched();
    return result;
  }

  return {
    async listEvents(ids) {
      const found = [];
      for (let start = 0; start < ids.length; start += 30) {
        const chunk = ids.slice(start, start + 30);
        const query = db.collection(COLLECTIONS.events).withConverter(eventConverter).where('organizerId', 'in', chunk);
        found.push(...(await query.get()).docs.map((d) => d.data()));
      }
      return found.sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
    },
    async listByOrganizer(organizerId) {
      await upgradeMembers(db);
      const snapshot = await members().where('organizerId', '==', organizerId).get();
      return snapshot.docs.map((d) => toMember(d.data())).sort(byRole);
    },
    async listByAccount(uid) {
      await upgradeMembers(db);
      const snapshot = await members().where('uid', '==', uid).get();
      return snapshot.docs
        .map((d) => toMember(d.data()))
        .sort((a, b) => a.since.localeCompare(b.since) || a.organizerId.localeCompare(b.organizerId));
    },
    set(input) {
      return write(input.organizerId, input.uid, input.now, true, (current) =>
        membersAfter(current, input).ok ? { result: 'ok', role: input.role } : { result: 'last' },
      );
    },
    remove(input) {
      return write(input.organizerId, input.uid, input.now, false, (current) => {
        if (!current.some((m) => m.uid === input.uid)) return { result: 'absent' };
        return membersAfter(current, { ...input, role: null }, input.allowEmpty).ok
          ? { result: 'ok', role: null }
          : { result: 'last' };
      });
    },
  };
}
