// What of the stored data is secret (issue 46): every SQLite column and every Firestore field, classified. A test reads
// the real schema (the migrated database, the documents the ports write) and fails on one not classified here
// (tests/contract/data-transfer-secrets.test.ts). An export without `--avec-secrets` leaves out every record that
// holds a secret (`withoutSecrets`); every export and backup file is readable by its owner only, whatever it holds.
import type { DataRecord, Dataset, DatasetCollection } from './dataset';

/**
 * - `secret`: a key or what stands for one — a session, a link's token, an actor's private key, the push keys. Out of
 *   an export unless `--avec-secrets` is given: the record that holds it is left out.
 * - `sensitive`: derived from a credential, or a credential of someone else, that a move must carry (password hashes,
 *   devices' and visitors' push subscriptions, alerts' token hashes, a calendar's address that may hold its owner's token, mails
 *   whose links are signed): exported, in files readable by their owner only.
 * - `data`: the rest.
 */
export type Secrecy = 'secret' | 'sensitive' | 'data';

type Classified = Record<string, Record<string, Secrecy>>;

const all = (secrecy: Secrecy, names: string): Record<string, Secrecy> =>
  Object.fromEntries(names.split(',').map((name) => [name, secrecy]));

/** Every column of every SQLite table, derived tables included. */
export const SQLITE_COLUMNS: Classified = {
  alerts: {
    ...all('data', 'id,email,filter,rhythm,status,created_at,updated_at,confirmed_at,last_digest_at,sent_event_ids'),
    token_hash: 'sensitive',
  },
  // A mailed link's token, by its hash: who holds the export could not use it, but the link it stands for is live.
  auth_tokens: all('secret', 'id,uid,purpose,created_at,expires_at,used_at'),
  categories: all('data', 'slug,label,description,color,sort_order,active'),
  contact_messages: all('data', 'id,name,email,subject,message,created_at'),
  donations: all('data', 'id,uid,amount,currency,provider,provider_ref,status,created_at,public_name'),
  event_occurrences: all(
    'data',
    'event_id,starts_at,ends_at,starts_ts,ends_ts,open_end,cancelled,featured,venue_id,category,canton,public,lat,lng',
  ),
  event_submissions: all('data', 'uid,submission_key,event_id,created_at'),
  // An account's favourites (decision 170); its feed's secret link is a key to them: out without `--avec-secrets`.
  favourites: all('data', 'uid,event_id,starts_at,created_at'),
  favourite_feeds: { ...all('data', 'uid,created_at'), token: 'secret' },
  // What an account follows (decision 173).
  follows: all('data', 'uid,kind,slug,created_at'),
  public_day_counts: all('data', 'category,canton,day,events,dates'),
  public_place_day_counts: all('data', 'kind,day,place_id,events'),
  public_day_sums: all('data', 'scope,key,day,events,dates'),
  events: all(
    'data',
    'id,slug,title,description,category,starts_at,ends_at,starts_ts,ends_ts,all_day,venue_name,street,postal_code,' +
      'city,canton,lat,lng,is_free,price_min,price_max,price_note,ticket_url,website_url,organizer_name,' +
      'contact_email,contact_phone,image,wheelchair,hearing,family_friendly,status,rejection_reason,featured,' +
      'created_by,created_at,updated_at,submitted_at,moderated_by,moderated_at,pending_changes,previous_status,' +
      'revision,open_end,schedule,cancelled_dates,occurrences_until,refused_by_admin,cancelled_by_admin,venue_id,' +
      'organizer_id,ical_sequence,day_statuses,weather_dependent,performers,last_ends_ts',
  ),
  events_fts: all('data', 'event_id,title,description,venue_name,city,organizer_name'),
  events_fts_config: all('data', 'k,v'),
  events_fts_content: all('data', 'id,c0,c1,c2,c3,c4,c5'),
  events_fts_data: all('data', 'id,block'),
  events_fts_docsize: all('data', 'id,sz'),
  events_fts_idx: all('data', 'segid,term,pgno'),
  events_fts_keys: all('data', 'event_id,fts_rowid'),
  // Fedify's queued deliveries carry the private keys they are signed with (`keys`).
  federation_queue: { ...all('data', 'id,due_at,created_at'), data: 'secret' },
  // The actors' key pairs and the push keys (kinds `keys` and `vapid`); the rest is followers, blocks, caches.
  federation_records: { ...all('data', 'kind,key,expires_at,updated_at'), data: 'secret' },
  health_checks: all('data', 'id,checked_at'),
  import_links: all('data', 'source_id,uid,data'),
  import_runs: all('data', 'id,source_id,started_at,data'),
  import_sources: { ...all('data', 'id,next_run_at,name'), data: 'sensitive' },
  mail_queue: {
    ...all('data', 'id,status,due_at,ref,recipient,subject,attempts,last_error,created_at,updated_at'),
    data: 'sensitive',
  },
  moderation_log: all('data', 'id,event_id,event_title,admin_uid,action,reason,created_at'),
  notifications: all('data', 'id,uid,title,body,data,created_at,read_at'),
  organizers: all('data', 'id,slug,status,name,data'),
  organizer_members: all('data', 'organizer_id,uid,role,since'),
  // The hash of an invitation link's token, as auth_tokens: the whole record goes with the secrets only.
  organizer_invitations: all('secret', 'id,organizer_id,email,role,invited_by,created_at,expires_at,used_at'),
  page_views: all('data', 'id,path,title,viewed_at'),
  event_figures: all('data', 'event_id,day,week,kind,n'),
  site_figures: all('data', 'week,category,canton,kind,n'),
  partners: all('data', 'id,slug,name,kind,description,logo,website_url,sort_order,active'),
  // A session row: the hash of the cookie's secret, whose account, from which browser.
  sessions: all('secret', 'id,uid,created_at,last_seen_at,expires_at,user_agent'),
  // Places to book (decision 168): a date's settings and counts are data; its registrants (names, emails, answers,
  // the hash of their cancel link) leave an export only with `--avec-secrets` (SECRET_RECORDS).
  registration_openings: all(
    'data',
    'event_id,starts_at,places,closes_at,waiting_list,per_person,questions,closed,confirmed,waiting,next_seq,' +
      'reminded_at,created_at,updated_at',
  ),
  registrations: all(
    'secret',
    'id,event_id,starts_at,name,email,people,answers,status,token_hash,seq,created_at,updated_at',
  ),
  school_holidays: all('data', 'id,canton,label,first_day,last_day,source_url,confirmed'),
  site_revision: all('data', 'id,n'),
  users: {
    ...all(
      'data',
      'uid,email,display_name,role,email_verified,supported,photo_url,disabled,fcm_token_updated_at,created_at,' +
        'updated_at,trusted',
    ),
    ...all('sensitive', 'password_hash,fcm_tokens,fcm_token'),
  },
  venues: all('data', 'id,slug,status,name,canton,locality,data'),
  // A visitor's browser subscription (personal data: its endpoint and keys reach that browser), carried like the
  // admins' devices so that a move keeps the notifications asked for; it expires the day after its event.
  visitor_pushes: { ...all('data', 'id,event_id,created_at,expires_at,message,due_at,attempts'), token: 'sensitive' },
};

/** Every field the ports write in each Firestore collection (an optional field counts even when absent). */
export const FIRESTORE_FIELDS: Classified = {
  alerts: {
    ...all('data', 'confirmedAt,createdAt,email,filter,lastDigestAt,rhythm,sentEventIds,status,updatedAt'),
    tokenHash: 'sensitive',
  },
  authTokens: all('secret', 'createdAt,expiresAt,purpose,uid,usedAt'),
  categories: all('data', 'active,color,description,label,order,slug'),
  contactMessages: all('data', 'createdAt,email,id,message,name,subject'),
  donations: all('data', 'amount,createdAt,currency,id,provider,providerRef,publicName,status,uid'),
  eventOccurrences: all('data', 'cancelled,canton,category,endsAt,endsTs,eventId,openEnd,startsAt,startsTs,status'),
  eventSubmissions: all('data', 'createdAt,eventId,submissionKey,uid'),
  favourites: all('data', 'createdAt,eventId,startsAt,uid'),
  favouriteFeeds: { ...all('data', 'createdAt,uid'), token: 'secret' },
  follows: all('data', 'createdAt,kind,slug,uid'),
  events: all(
    'data',
    'accessibility,allDay,awaitingModeration,cancelledByAdmin,cancelledDates,canton,category,city,contactEmail,' +
      'contactPhone,createdAt,createdBy,description,endsAt,endsTs,featured,geohash,icalSequence,id,image,isFree,lat,lng,' +
      'moderatedAt,moderatedBy,occurrencesUntil,openEnd,organizerId,organizerName,pendingChanges,postalCode,previousStatus,' +
      'priceMax,priceMin,priceNote,refusedByAdmin,rejectionReason,revision,schedule,searchTokens,slug,startsAt,' +
      'startsTs,status,street,submittedAt,ticketUrl,title,updatedAt,venueId,venueName,websiteUrl,dayStatuses,' +
      'weatherDependent,performers,placesMissing,series',
  ),
  federationQueue: { ...all('data', 'createdAt,dueAt'), data: 'secret' },
  federationRecords: { ...all('data', 'expiresAt,key,kind,updatedAt'), data: 'secret' },
  healthChecks: all('data', 'checkedAt'),
  importLinks: all('data', 'cancelled,duplicateOf,eventId,fingerprint,gone,sourceId,uid'),
  importRuns: all(
    'data',
    'cancelled,created,duplicates,errors,fetched,id,notModified,ok,seq,sourceId,startedAt,unchanged,updated,withdrawn',
  ),
  importSources: {
    ...all(
      'data',
      'canton,category,consecutiveFailures,createdAt,createdBy,etag,id,intervalMinutes,lastError,lastModified,' +
        'lastRunAt,name,nextRunAt,organizerName,state,trusted,updatedAt',
    ),
    url: 'sensitive',
  },
  limits: all('data', 'points,expire,expireAt'),
  mailQueue: {
    ...all('data', 'attempts,createdAt,dueAt,eventIds,lastError,ref,status,subject,to,updatedAt'),
    content: 'sensitive',
  },
  moderationLog: all('data', 'action,adminUid,createdAt,eventId,eventTitle,id,reason'),
  notifications: all('data', 'body,createdAt,data,readAt,title,uid'),
  organizers: all(
    'data',
    'accountUids,createdAt,description,id,lastMerge,logo,name,redirectFrom,slug,status,updatedAt,website',
  ),
  organizerMembers: all('data', 'organizerId,role,since,uid'),
  organizerInvitations: all('secret', 'createdAt,email,expiresAt,id,invitedBy,organizerId,role,usedAt'),
  pageViewPaths: all('data', 'day,path'),
  pageViews: all('data', 'path,title,viewedAt'),
  eventFigures: all('data', 'day,eventId,kind,n,week'),
  siteFigures: all('data', 'canton,category,kind,n,week'),
  partners: all('data', 'active,description,id,kind,logo,name,order,slug,websiteUrl'),
  registrationOpenings: all(
    'data',
    'closed,closesAt,confirmed,createdAt,eventId,perPerson,places,questions,remindedAt,startsAt,turn,updatedAt,' +
      'waiting,waitingList',
  ),
  registrations: all('secret', 'answers,createdAt,email,eventId,name,people,seq,startsAt,status,tokenHash,updatedAt'),
  registrationTurns: all('data', 'at,startsAt'),
  schoolHolidays: all('data', 'canton,confirmed,firstDay,id,label,lastDay,sourceUrl'),
  sessions: all('secret', 'createdAt,expiresAt,id,lastSeenAt,uid,userAgent'),
  upgrades: all('data', 'doneAt'),
  userEmails: all('data', 'uid'),
  users: {
    ...all(
      'data',
      'createdAt,disabled,displayName,email,emailLower,emailVerified,fcmTokenUpdatedAt,photoURL,role,searchGrams,' +
        'supported,trusted,uid,updatedAt',
    ),
    ...all('sensitive', 'fcmToken,fcmTokens,passwordHash,pushTokens'),
  },
  venues: all(
    'data',
    'accessibility,canton,createdAt,description,id,lastMerge,lat,lng,locality,name,photo,postalCode,redirectFrom,' +
      'slug,status,stop,street,updatedAt,website,withoutPoint',
  ),
  visitorPushes: { ...all('data', 'attempts,createdAt,dueAt,eventId,expiresAt,message'), token: 'sensitive' },
};

/** The federation records that are keys: the actors' pairs and the push pair (push/vapid.ts). */
const KEY_KINDS = new Set(['keys', 'vapid']);

/**
 * Which records of a collection hold a secret: every one of the collections whose columns are all secret, and where a
 * column is secret only for some records, those. A collection with a `secret` column must be here (the test checks).
 */
export const SECRET_RECORDS: Partial<Record<DatasetCollection, (record: DataRecord) => boolean>> = {
  sessions: () => true,
  authTokens: () => true,
  organizerInvitations: () => true,
  favouriteFeeds: () => true,
  registrations: () => true,
  federationRecords: (record) => KEY_KINDS.has(String(record.kind)),
  // Deliveries (`outbox`, `fanout`) carry their signing keys; an activity received does not.
  federationQueue: (record) => {
    const payload = record.payload as { keys?: unknown } | null;
    return Boolean(payload && typeof payload === 'object' && 'keys' in payload);
  },
};

/** The dataset without the records that hold a secret, and how many were left out of each collection. */
export function withoutSecrets(data: Dataset): { data: Dataset; left: Partial<Record<DatasetCollection, number>> } {
  const kept = { ...data };
  const left: Partial<Record<DatasetCollection, number>> = {};
  for (const [collection, holdsSecret] of Object.entries(SECRET_RECORDS) as [
    DatasetCollection,
    (record: DataRecord) => boolean,
  ][]) {
    kept[collection] = data[collection].filter((record) => !holdsSecret(record));
    const count = data[collection].length - kept[collection].length;
    if (count > 0) left[collection] = count;
  }
  return { data: kept, left };
}
