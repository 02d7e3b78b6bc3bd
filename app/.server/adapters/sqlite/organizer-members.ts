// An organization's members in SQLite (migration 31, decision 167): each write reads the members, checks that a
// responsable remains and writes the member and the organizer record's `accountUids` in one transaction.
import { membersAfter, type OrganizerMember } from '~/domain/organization';
import type { Organizer } from '~/domain/place';
import { withAccount } from '~/domain/place-records';
import type { MemberWrite, OrganizerMemberStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { toEvent } from './event-rows';
import { type Row, str } from './rows';

const toMember = (r: Row): OrganizerMember => ({
  organizerId: str(r.organizer_id),
  uid: str(r.uid),
  role: str(r.role) === 'responsable' ? 'responsable' : 'membre',
  since: str(r.since),
});

const ORDER = `ORDER BY role = 'responsable' DESC, since, uid`;

export function createOrganizerMemberStore(db: Db): OrganizerMemberStore {
  const byOrganizer = (organizerId: string) =>
    (db.prepare(`SELECT * FROM organizer_members WHERE organizer_id = ? ${ORDER}`).all(organizerId) as Row[]).map(
      toMember,
    );
  /** The organizer's `accountUids` with this account linked or not, in the same transaction. */
  const link = (organizerId: string, uid: string, linked: boolean, now: string) => {
    const row = db.prepare('SELECT data FROM organizers WHERE id = ?').get(organizerId) as { data: string };
    const next = withAccount(JSON.parse(row.data) as Organizer, uid, linked, now);
    db.prepare('UPDATE organizers SET data = ? WHERE id = ?').run(JSON.stringify(next), organizerId);
  };
  const set = writeTransaction(db, (input: Parameters<OrganizerMemberStore['set']>[0]): MemberWrite => {
    if (!db.prepare('SELECT 1 FROM organizers WHERE id = ?').get(input.organizerId)) return 'absent';
    const members = byOrganizer(input.organizerId);
    if (!membersAfter(members, input).ok) return 'last';
    db.prepare(
      `INSERT INTO organizer_members (organizer_id, uid, role, since) VALUES (@organizerId, @uid, @role, @now)
       ON CONFLICT (organizer_id, uid) DO UPDATE SET role = excluded.role, since = excluded.since`,
    ).run(input);
    if (!members.some((m) => m.uid === input.uid)) link(input.organizerId, input.uid, true, input.now);
    return 'ok';
  });
  const remove = writeTransaction(db, (input: Parameters<OrganizerMemberStore['remove']>[0]): MemberWrite => {
    const members = byOrganizer(input.organizerId);
    if (!members.some((m) => m.uid === input.uid)) return 'absent';
    if (!membersAfter(members, { ...input, role: null }, input.allowEmpty).ok) return 'last';
    db.prepare('DELETE FROM organizer_members WHERE organizer_id = ? AND uid = ?').run(input.organizerId, input.uid);
    if (db.prepare('SELECT 1 FROM organizers WHERE id = ?').get(input.organizerId))
      link(input.organizerId, input.uid, false, input.now);
    return 'ok';
  });
  return {
    async listByOrganizer(organizerId) {
      return byOrganizer(organizerId);
    },
    async listByAccount(uid) {
      const rows = db.prepare(`SELECT * FROM organizer_members WHERE uid = ? ORDER BY since, organizer_id`).all(uid);
      return (rows as Row[]).map(toMember);
    },
    async set(input) {
      return set(input);
    },
    async remove(input) {
      return remove(input);
    },
    async listEvents(ids) {
      if (ids.length === 0) return [];
      const sql = `SELECT * FROM events WHERE organizer_id IN (${ids.map(() => '?').join(', ')}) ORDER BY starts_ts DESC`;
      return (db.prepare(sql).all(...ids) as Row[]).map(toEvent);
    },
  };
}
