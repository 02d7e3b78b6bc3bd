// Invitations to join an organization in SQLite (migration 31, decision 167), by the hash of their link's token.
import type { OrganizerInvitation } from '~/domain/organization';
import type { OrganizerInvitationStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { type Row, str } from './rows';

const toInvitation = (r: Row): OrganizerInvitation => ({
  id: str(r.id),
  organizerId: str(r.organizer_id),
  email: str(r.email),
  role: str(r.role) === 'responsable' ? 'responsable' : 'membre',
  invitedBy: str(r.invited_by),
  createdAt: str(r.created_at),
  expiresAt: str(r.expires_at),
  usedAt: r.used_at == null ? null : str(r.used_at),
});

export function createOrganizerInvitationStore(db: Db): OrganizerInvitationStore {
  const valid = (id: string, now: string) =>
    db
      .prepare('SELECT * FROM organizer_invitations WHERE id = ? AND used_at IS NULL AND expires_at > ?')
      .get(id, now) as Row | undefined;
  const issue = writeTransaction(db, (i: Omit<OrganizerInvitation, 'usedAt'>) => {
    db.prepare(
      'DELETE FROM organizer_invitations WHERE organizer_id = ? AND lower(email) = lower(?) AND used_at IS NULL',
    ).run(i.organizerId, i.email);
    db.prepare(
      `INSERT INTO organizer_invitations (id, organizer_id, email, role, invited_by, created_at, expires_at)
       VALUES (@id, @organizerId, @email, @role, @invitedBy, @createdAt, @expiresAt)`,
    ).run(i);
  });
  const consume = writeTransaction(db, (id: string, now: string) => {
    const row = valid(id, now);
    if (!row) return null;
    db.prepare('UPDATE organizer_invitations SET used_at = ? WHERE id = ?').run(now, id);
    return { ...toInvitation(row), usedAt: now };
  });
  return {
    async issue(invitation) {
      issue(invitation);
    },
    async peek(id, now) {
      const row = valid(id, now);
      return row ? toInvitation(row) : null;
    },
    async consume(id, now) {
      return consume(id, now);
    },
    async revoke(organizerId, email) {
      return db
        .prepare(
          'DELETE FROM organizer_invitations WHERE organizer_id = ? AND lower(email) = lower(?) AND used_at IS NULL',
        )
        .run(organizerId, email).changes;
    },
    async listPending(organizerId, now) {
      const rows = db
        .prepare(
          `SELECT * FROM organizer_invitations WHERE organizer_id = ? AND used_at IS NULL AND expires_at > ?
           ORDER BY created_at DESC`,
        )
        .all(organizerId, now) as Row[];
      return rows.map(toInvitation);
    },
  };
}
