// Migration 31 of the SQLite store (issue 73, decision 167): an organization is several people. Each organizer
// record's members with their role, and the invitations to join it (by the hash of their link's token); the accounts
// that spoke for a record until now become its « responsables ». Shipped: never edited (see index.ts).
// A change of members changes the pages of the organization's members: read caches look again (decision 104).
const BUMP = 'UPDATE site_revision SET n = n + 1 WHERE id = 1;';

export const MIGRATION_MEMBERS = `
  CREATE TABLE organizer_members (
    organizer_id TEXT NOT NULL,
    uid TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('responsable', 'membre')),
    since TEXT NOT NULL,
    PRIMARY KEY (organizer_id, uid)
  );
  CREATE INDEX organizer_members_uid ON organizer_members (uid);
  CREATE TABLE organizer_invitations (
    id TEXT PRIMARY KEY,
    organizer_id TEXT NOT NULL,
    email TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('responsable', 'membre')),
    invited_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  CREATE INDEX organizer_invitations_organizer ON organizer_invitations (organizer_id, expires_at);
  INSERT OR IGNORE INTO organizer_members (organizer_id, uid, role, since)
    SELECT o.id, a.value, 'responsable', json_extract(o.data, '$.updatedAt')
    FROM organizers o, json_each(o.data, '$.accountUids') a;
  CREATE TRIGGER organizer_members_revised_insert AFTER INSERT ON organizer_members BEGIN ${BUMP} END;
  CREATE TRIGGER organizer_members_revised_update AFTER UPDATE ON organizer_members BEGIN ${BUMP} END;
  CREATE TRIGGER organizer_members_revised_delete AFTER DELETE ON organizer_members BEGIN ${BUMP} END;
`;
