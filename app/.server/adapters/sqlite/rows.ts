// Reading SQLite rows: untyped columns to the domain's types.
import type { ModerationAction, ModerationEntry } from '../../ports';

/**
 * The moderation log with the event's current title (its title when deleted, kept in the entry) and the admin's name:
 * `SELECT ${MODERATION_ENTRY_COLUMNS} ${MODERATION_ENTRY_FROM} WHERE …`.
 */
export const MODERATION_ENTRY_COLUMNS = `l.id, l.event_id, COALESCE(e.title, l.event_title) AS event_title, l.admin_uid,
  l.action, l.reason, l.created_at, u.display_name AS admin_name`;
export const MODERATION_ENTRY_FROM = `FROM moderation_log l LEFT JOIN events e ON e.id = l.event_id
  LEFT JOIN users u ON u.uid = l.admin_uid`;

export type Row = Record<string, unknown>;

export const bool = (v: unknown) => v === 1 || v === true;
export const str = (v: unknown) => (v == null ? '' : String(v));
export const num = (v: unknown) => (v == null ? null : Number(v));

export function toModerationEntry(row: Row): ModerationEntry {
  return {
    id: Number(row.id),
    eventId: str(row.event_id),
    eventTitle: str(row.event_title),
    adminUid: row.admin_uid == null ? null : str(row.admin_uid),
    adminName: row.admin_name == null ? 'Administrateur supprimé' : str(row.admin_name),
    action: row.action as ModerationAction,
    reason: str(row.reason),
    createdAt: str(row.created_at),
  };
}
