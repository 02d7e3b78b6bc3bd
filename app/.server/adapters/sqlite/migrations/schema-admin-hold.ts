// Migration 16 of the SQLite store (issue 31): the admins' decisions an owner cannot reverse (AgendaEvent's
// refusedByAdmin and cancelledByAdmin). Events decided before it get theirs from the moderation log, as well as it can
// tell: a refused event, a refusal or take-down not followed by an approval, a cancellation that is the latest
// decision on a cancelled event.
export const MIGRATION_ADMIN_HOLD = `
  ALTER TABLE events ADD COLUMN refused_by_admin INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE events ADD COLUMN cancelled_by_admin INTEGER NOT NULL DEFAULT 0;
  UPDATE events SET refused_by_admin = 1 WHERE status = 'rejected'
    OR (SELECT action FROM moderation_log l WHERE l.event_id = events.id
          AND action IN ('approve', 'reject', 'unpublish') ORDER BY created_at DESC, id DESC LIMIT 1)
       IN ('reject', 'unpublish');
  UPDATE events SET cancelled_by_admin = 1 WHERE status = 'cancelled'
    AND (SELECT action FROM moderation_log l WHERE l.event_id = events.id
           AND action IN ('approve', 'reject', 'unpublish', 'cancel') ORDER BY created_at DESC, id DESC LIMIT 1)
        = 'cancel';
`;
