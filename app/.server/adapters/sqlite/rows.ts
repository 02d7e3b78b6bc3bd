// Reading SQLite rows: untyped columns to the domain's types.
import type { ModerationAction, ModerationEntry } from '../../ports';

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
