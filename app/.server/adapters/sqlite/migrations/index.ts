// Versioned schema of the SQLite store, applied in order by migrate() (db.ts). Append only: a shipped migration never
// changes, and its number is its place in this list.
import { MIGRATIONS_1_TO_8 } from './schema-1-8';
import { MIGRATIONS_9_TO_15 } from './schema-9-15';
import { MIGRATIONS_FROM_17 } from './schema-17';
import { MIGRATION_FEDERATION } from './schema-18';
import { MIGRATION_ADMIN_HOLD } from './schema-admin-hold';
import { MIGRATION_DAY_STATUS } from './schema-day-status';
import { MIGRATION_DISTANCE } from './schema-distance';
import { MIGRATION_EVENT_FIGURES } from './schema-event-figures';
import { MIGRATION_FAVOURITES } from './schema-favourites';
import { MIGRATION_FOLLOWS } from './schema-follows';
import { MIGRATION_HOLIDAYS } from './schema-holidays';
import { MIGRATION_HOME_PLACES } from './schema-home-places';
import { MIGRATION_MEMBERS } from './schema-members';
import { MIGRATION_PERFORMERS } from './schema-performer';
import { MIGRATION_PLACES } from './schema-places';
import { MIGRATION_PUBLIC_COUNTS } from './schema-public-counts';
import { MIGRATION_PUBLIC_DATES } from './schema-public-dates';
import { MIGRATION_REGISTRATIONS } from './schema-registrations';
import { MIGRATION_REVISION } from './schema-revision';
import { MIGRATION_SEARCH_KEYS } from './schema-search-keys';
import { MIGRATION_SEQUENCE } from './schema-sequence';
import { MIGRATION_VENUE_DATES } from './schema-venue-dates';
import { MIGRATION_VISITOR_PUSHES } from './schema-visitor-pushes';

export const MIGRATIONS: readonly string[] = [
  ...MIGRATIONS_1_TO_8,
  ...MIGRATIONS_9_TO_15,
  MIGRATION_ADMIN_HOLD,
  ...MIGRATIONS_FROM_17,
  MIGRATION_FEDERATION,
  MIGRATION_PLACES,
  MIGRATION_REVISION,
  MIGRATION_DISTANCE,
  MIGRATION_SEQUENCE,
  MIGRATION_DAY_STATUS,
  MIGRATION_HOLIDAYS,
  MIGRATION_PERFORMERS,
  MIGRATION_VISITOR_PUSHES,
  MIGRATION_PUBLIC_COUNTS,
  MIGRATION_SEARCH_KEYS,
  MIGRATION_HOME_PLACES,
  MIGRATION_VENUE_DATES,
  MIGRATION_MEMBERS,
  MIGRATION_REGISTRATIONS,
  MIGRATION_PUBLIC_DATES,
  MIGRATION_EVENT_FIGURES,
  MIGRATION_FAVOURITES,
  MIGRATION_FOLLOWS,
];
