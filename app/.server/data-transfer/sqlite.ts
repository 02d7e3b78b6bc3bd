// Dump and load of the SQLite store in the neutral dataset form.

import { horizonFor, materialise } from '~/.server/schedule/schedule-expand';
import type { AgendaEvent } from '~/domain/event';
import type { Db } from '../adapters/sqlite/db';
import { eventParams, toEvent } from '../adapters/sqlite/event-rows';
import { DATASET_COLLECTIONS, type Dataset, type DatasetCollection, emptyDataset } from './dataset';
import { FAVOURITE_TABLES } from './favourite-tables';
import { FIGURE_TABLES } from './figure-tables';
import { REGISTRATION_TABLES } from './registration-tables';
import { ORGANIZATION_TABLES } from './sqlite-organizations';
import { dumpRecordTables, loadRecordTables, RECORD_TABLES, type RecordCollection } from './sqlite-records';

type Kind = 'text' | 'bool' | 'json' | 'num';
type ColumnCollection = Exclude<DatasetCollection, 'events' | RecordCollection>;
/** Table, then each field: [name in the dataset, column, kind]. */
export const TABLES: Record<ColumnCollection, readonly [string, readonly (readonly [string, string, Kind])[]]> = {
  ...REGISTRATION_TABLES,
  ...FIGURE_TABLES,
  ...FAVOURITE_TABLES,
  users: [
    'users',
    [
      ['uid', 'uid', 'text'],
      ['email', 'email', 'text'],
      ['displayName', 'display_name', 'text'],
      ['role', 'role', 'text'],
      ['passwordHash', 'password_hash', 'text'],
      ['emailVerified', 'email_verified', 'bool'],
      ['supported', 'supported', 'bool'],
      ['photoURL', 'photo_url', 'text'],
      ['disabled', 'disabled', 'bool'],
      ['trusted', 'trusted', 'bool'],
      ['fcmTokens', 'fcm_tokens', 'json'],
      ['fcmToken', 'fcm_token', 'text'],
      ['fcmTokenUpdatedAt', 'fcm_token_updated_at', 'text'],
      ['createdAt', 'created_at', 'text'],
      ['updatedAt', 'updated_at', 'text'],
    ],
  ],
  sessions: [
    'sessions',
    [
      ['id', 'id', 'text'],
      ['uid', 'uid', 'text'],
      ['createdAt', 'created_at', 'text'],
      ['lastSeenAt', 'last_seen_at', 'text'],
      ['expiresAt', 'expires_at', 'text'],
      ['userAgent', 'user_agent', 'text'],
    ],
  ],
  authTokens: [
    'auth_tokens',
    [
      ['id', 'id', 'text'],
      ['uid', 'uid', 'text'],
      ['purpose', 'purpose', 'text'],
      ['createdAt', 'created_at', 'text'],
      ['expiresAt', 'expires_at', 'text'],
      ['usedAt', 'used_at', 'text'],
    ],
  ],
  categories: [
    'categories',
    [
      ['slug', 'slug', 'text'],
      ['label', 'label', 'text'],
      ['description', 'description', 'text'],
      ['color', 'color', 'text'],
      ['order', 'sort_order', 'num'],
      ['active', 'active', 'bool'],
    ],
  ],
  eventSubmissions: [
    'event_submissions',
    [
      ['uid', 'uid', 'text'],
      ['submissionKey', 'submission_key', 'text'],
      ['eventId', 'event_id', 'text'],
      ['createdAt', 'created_at', 'text'],
    ],
  ],
  moderationLog: [
    'moderation_log',
    [
      ['id', 'id', 'num'],
      ['eventId', 'event_id', 'text'],
      ['eventTitle', 'event_title', 'text'],
      ['adminUid', 'admin_uid', 'text'],
      ['action', 'action', 'text'],
      ['reason', 'reason', 'text'],
      ['createdAt', 'created_at', 'text'],
    ],
  ],
  partners: [
    'partners',
    [
      ['id', 'id', 'text'],
      ['slug', 'slug', 'text'],
      ['name', 'name', 'text'],
      ['kind', 'kind', 'text'],
      ['description', 'description', 'text'],
      ['logo', 'logo', 'text'],
      ['websiteUrl', 'website_url', 'text'],
      ['order', 'sort_order', 'num'],
      ['active', 'active', 'bool'],
    ],
  ],
  schoolHolidays: [
    'school_holidays',
    [
      ['id', 'id', 'text'],
      ['canton', 'canton', 'text'],
      ['label', 'label', 'text'],
      ['firstDay', 'first_day', 'text'],
      ['lastDay', 'last_day', 'text'],
      ['sourceUrl', 'source_url', 'text'],
      ['confirmed', 'confirmed', 'bool'],
    ],
  ],
  ...ORGANIZATION_TABLES,
  visitorPushes: [
    'visitor_pushes',
    [
      ['id', 'id', 'text'],
      ['eventId', 'event_id', 'text'],
      ['token', 'token', 'text'],
      ['createdAt', 'created_at', 'text'],
      ['expiresAt', 'expires_at', 'text'],
      ['message', 'message', 'text'],
      ['dueAt', 'due_at', 'text'],
      ['attempts', 'attempts', 'num'],
    ],
  ],
  contactMessages: [
    'contact_messages',
    [
      ['id', 'id', 'text'],
      ['name', 'name', 'text'],
      ['email', 'email', 'text'],
      ['subject', 'subject', 'text'],
      ['message', 'message', 'text'],
      ['createdAt', 'created_at', 'text'],
    ],
  ],
  pageViews: [
    'page_views',
    [
      ['id', 'id', 'num'],
      ['path', 'path', 'text'],
      ['title', 'title', 'text'],
      ['viewedAt', 'viewed_at', 'text'],
    ],
  ],
  donations: [
    'donations',
    [
      ['id', 'id', 'text'],
      ['uid', 'uid', 'text'],
      ['amount', 'amount', 'num'],
      ['currency', 'currency', 'text'],
      ['provider', 'provider', 'text'],
      ['providerRef', 'provider_ref', 'text'],
      ['status', 'status', 'text'],
      ['publicName', 'public_name', 'text'],
      ['createdAt', 'created_at', 'text'],
    ],
  ],
  notifications: [
    'notifications',
    [
      ['id', 'id', 'text'],
      ['uid', 'uid', 'text'],
      ['title', 'title', 'text'],
      ['body', 'body', 'text'],
      ['data', 'data', 'json'],
      ['createdAt', 'created_at', 'text'],
      ['readAt', 'read_at', 'text'],
    ],
  ],
  alerts: [
    'alerts',
    [
      ['id', 'id', 'text'],
      ['email', 'email', 'text'],
      ['filter', 'filter', 'text'],
      ['rhythm', 'rhythm', 'text'],
      ['status', 'status', 'text'],
      ['tokenHash', 'token_hash', 'text'],
      ['createdAt', 'created_at', 'text'],
      ['updatedAt', 'updated_at', 'text'],
      ['confirmedAt', 'confirmed_at', 'text'],
      ['lastDigestAt', 'last_digest_at', 'text'],
      ['sentEventIds', 'sent_event_ids', 'json'],
    ],
  ],
  federationRecords: [
    'federation_records',
    [
      ['kind', 'kind', 'text'],
      ['key', 'key', 'text'],
      ['expiresAt', 'expires_at', 'text'],
      ['updatedAt', 'updated_at', 'text'],
      ['value', 'data', 'json'],
    ],
  ],
  federationQueue: [
    'federation_queue',
    [
      ['id', 'id', 'text'],
      ['dueAt', 'due_at', 'text'],
      ['createdAt', 'created_at', 'text'],
      ['payload', 'data', 'json'],
    ],
  ],
};

/** Load order: what others refer to first (foreign keys), then the rest in the dataset's order. */
const REFERENCED: readonly DatasetCollection[] = ['users', 'categories', 'events', 'importSources'];
const LOAD_ORDER = [...REFERENCED, ...DATASET_COLLECTIONS.filter((c) => !REFERENCED.includes(c))];

const read = (value: unknown, kind: Kind) => {
  if (value == null) return null;
  if (kind === 'bool') return value === 1 || value === true;
  if (kind === 'num') return Number(value);
  if (kind === 'json') return JSON.parse(String(value));
  return String(value);
};
const write = (value: unknown, kind: Kind) => {
  if (value == null) return null;
  if (kind === 'bool') return value ? 1 : 0;
  if (kind === 'json') return JSON.stringify(value);
  return value;
};

/** Every collection, read in one transaction: one consistent state while the site goes on writing. */
export function dumpSqlite(db: Db): Dataset {
  return db.transaction(() => dumpAll(db))();
}

function dumpAll(db: Db): Dataset {
  const data = emptyDataset();
  data.events = (db.prepare('SELECT * FROM events').all() as Record<string, unknown>[]).map(
    (row) => toEvent(row) as unknown as Record<string, unknown>,
  );
  for (const [collection, [table, fields]] of Object.entries(TABLES)) {
    const rows = db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
    data[collection as DatasetCollection] = rows.map((row) =>
      Object.fromEntries(fields.map(([name, column, kind]) => [name, read(row[column], kind)])),
    );
  }
  Object.assign(data, dumpRecordTables(db));
  return data;
}

export function loadSqlite(db: Db, data: Dataset): void {
  db.transaction(() => {
    for (const collection of LOAD_ORDER) {
      if (collection === 'events') {
        const columns = [...Object.keys(eventParams({ accessibility: {} } as AgendaEvent)), 'occurrences_until'];
        const insert = db.prepare(
          `INSERT INTO events (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
        );
        // Occurrences are derived (decision 041): rebuilt from each event's schedule up to the horizon.
        const occurrence = db.prepare(
          `INSERT INTO event_occurrences (event_id, starts_at, ends_at, starts_ts, ends_ts, open_end, cancelled)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        );
        for (const record of data.events) {
          const e = record as unknown as AgendaEvent;
          const horizon = horizonFor(e);
          insert.run({ ...eventParams(e), occurrences_until: horizon.getTime() });
          for (const o of materialise(e, horizon))
            occurrence.run(e.id, o.startsAt, o.endsAt, o.startsTs, o.endsTs, o.openEnd ? 1 : 0, o.cancelled ? 1 : 0);
        }
        continue;
      }
      if (collection in RECORD_TABLES) {
        loadRecordTables(db, collection as RecordCollection, data);
        continue;
      }
      const [table, fields] = TABLES[collection as ColumnCollection];
      const insert = db.prepare(
        `INSERT INTO ${table} (${fields.map(([, c]) => c).join(', ')}) VALUES (${fields.map(() => '?').join(', ')})`,
      );
      for (const r of data[collection]) insert.run(...fields.map(([name, , kind]) => write(r[name], kind)));
    }
  })();
}
