// The interfaces the use cases depend on. Adapters (SQLite, Firestore) implement them.
import type { CantonCode } from '~/domain/cantons';
import type { Category, CategorySlug } from '~/domain/categories';
import type { AgendaEvent, EventMapPoint, EventStatus } from '~/domain/event';
import type { ModerationAction } from '~/domain/moderation';
import type { Partner, PartnerKind } from '~/domain/partner';
import type { StoredOccurrence } from '~/domain/schedule-expand';

export type Role = 'organizer' | 'admin';

/** SPEC §3 user profile, plus what the local identity provider needs. */
export interface UserProfile {
  uid: string;
  email: string;
  displayName: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
  supported: boolean;
  photoURL: string | null;
  emailVerified: boolean;
  disabled: boolean;
  /** A trusted organizer: their submissions and edits publish at once, each recorded in the moderation log. */
  trusted: boolean;
}

export interface UserWithPassword extends UserProfile {
  passwordHash: string | null;
}

export interface UserStore {
  findById(uid: string): Promise<UserProfile | null>;
  findByEmailWithPassword(email: string): Promise<UserWithPassword | null>;
  /** Creates the user, or updates role, name and password of the one with that email. */
  upsert(input: {
    uid: string;
    email: string;
    displayName: string;
    role: Role;
    /** Null with Firebase Auth, which keeps the password itself. */
    passwordHash: string | null;
    emailVerified: boolean;
    now: string;
  }): Promise<UserProfile>;
  listAdmins(): Promise<UserProfile[]>;
  /** Creates a new account; returns null when the email is already taken. */
  create(input: {
    uid: string;
    email: string;
    displayName: string;
    role: Role;
    passwordHash: string | null;
    now: string;
  }): Promise<UserProfile | null>;
  setPassword(uid: string, passwordHash: string, now: string): Promise<void>;
  setEmailVerified(uid: string, now: string): Promise<void>;
  updateProfile(uid: string, fields: { displayName: string }, now: string): Promise<UserProfile | null>;
  /** SPEC §3 photoURL, from Google sign-in. */
  setPhotoURL(uid: string, photoURL: string, now: string): Promise<UserProfile | null>;
  /** Deletes the account; its sessions and tokens go with it, its events stay without an owner. */
  delete(uid: string): Promise<void>;
  /** The admin list of accounts, newest first, each with how many events it created (one query, not one per row). */
  search(query: UserQuery): Promise<{ items: UserSummary[]; total: number }>;
  /**
   * Admin writes, each one transaction that re-checks its guards: the actor is still an active admin, and at least
   * one active admin other than the account remains when the account stops being one (two admins demoting each
   * other at once: one wins). Disabling also revokes every session of the account in the same transaction.
   */
  setRole(input: { uid: string; role: Role; actorUid: string; now: string }): Promise<UserAdminWrite>;
  setDisabled(input: { uid: string; disabled: boolean; actorUid: string; now: string }): Promise<UserAdminWrite>;
  /** Marks the account as a trusted organizer or not (same guards: the actor is still an active admin). */
  setTrusted(input: { uid: string; trusted: boolean; actorUid: string; now: string }): Promise<UserAdminWrite>;

  // --- Push data (SPEC §3 « user push data », §7 « Update users/{uid} with fcmTokens, fcmToken and fcmTokenUpdatedAt »).
  // Stored in the user's own record (SQLite: columns fcm_tokens JSON, fcm_token, fcm_token_updated_at; Firestore:
  // fields fcmTokens map, fcmToken, fcmTokenUpdatedAt of users/{uid}). A token is opaque to the store: a Web Push
  // subscription (JSON of endpoint and keys) with the default transport, an FCM registration token with Firebase.
  // None of these writes touches the profile's updatedAt.

  /** The account's push data: an empty map and nulls when it never registered a device; null when no such account. */
  getPushData(uid: string): Promise<UserPushData | null>;
  /**
   * Records a device's token, atomically: `fcmTokens[deviceId] = device`, `fcmToken = device.token`,
   * `fcmTokenUpdatedAt = device.updatedAt`. The same token held under another device id or by another account is
   * removed in the same write (a browser's subscription belongs to the last account that registered it).
   * Returns false (nothing written) when there is no such account.
   */
  savePushToken(uid: string, deviceId: string, device: PushDevice): Promise<boolean>;
  /**
   * Forced regeneration (SPEC §4): removes `fcmTokens[deviceId]` and clears `fcmToken` and `fcmTokenUpdatedAt`
   * (set to null), atomically. Returns the token that was removed, or null when that device had none.
   */
  clearPushToken(uid: string, deviceId: string): Promise<string | null>;
  /**
   * Removes a token the push service reported as gone (HTTP 404 or 410) from every account and device holding it;
   * an account whose `fcmToken` was that token gets `fcmToken` and `fcmTokenUpdatedAt` cleared. Returns how many
   * device entries were removed.
   */
  removePushToken(token: string): Promise<number>;
  /** Every registered device of every active admin (role admin, not disabled): where submissions are pushed. */
  listAdminPushDevices(): Promise<AdminPushDevice[]>;
}

/** One device's push registration: an entry of SPEC §3 `fcmTokens`, keyed by the device id (16 characters). */
export interface PushDevice {
  token: string;
  /** ISO instant of the last registration of this token. */
  updatedAt: string;
  userAgent: string;
  platform: string;
}

/** SPEC §3 user push data, as kept in the user's record. */
export interface UserPushData {
  fcmTokens: Record<string, PushDevice>;
  /** The latest token registered by any device of the account. */
  fcmToken: string | null;
  fcmTokenUpdatedAt: string | null;
}

export interface AdminPushDevice {
  uid: string;
  deviceId: string;
  token: string;
}

export interface UserQuery {
  /** Each word must appear in the name or the email, ignoring case and diacritics. */
  words?: string[];
  role?: Role;
  disabled?: boolean;
  limit: number;
  offset: number;
}

export interface UserSummary extends UserProfile {
  eventCount: number;
}

/** Whether an admin write happened, and if not why: unknown account, last active admin, actor no longer admin. */
export type UserAdminWrite =
  | { ok: true; user: UserProfile }
  | { ok: false; reason: 'not-found' | 'last-admin' | 'not-admin' };

export type AuthTokenPurpose = 'verify-email' | 'reset-password';

export interface AuthTokenStore {
  /** Stores a token (by the hash of its value); earlier unused tokens of the same purpose stop working. */
  issue(token: {
    id: string;
    uid: string;
    purpose: AuthTokenPurpose;
    createdAt: string;
    expiresAt: string;
  }): Promise<void>;
  /** The account of a valid, unused, unexpired token, without using it. */
  peek(id: string, purpose: AuthTokenPurpose, now: string): Promise<string | null>;
  /** Uses the token once: returns its account, or null if it was used, expired or unknown. */
  consume(id: string, purpose: AuthTokenPurpose, now: string): Promise<string | null>;
  /** Every unused token of the account for that purpose stops working (its password just changed). */
  revokeForUser(uid: string, purpose: AuthTokenPurpose): Promise<void>;
}

export interface SessionRecord {
  id: string;
  uid: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string;
}

export interface SessionStore {
  create(session: SessionRecord): Promise<void>;
  find(id: string): Promise<SessionRecord | null>;
  touch(id: string, lastSeenAt: string, expiresAt: string): Promise<void>;
  revoke(id: string): Promise<void>;
  revokeAllForUser(uid: string, exceptId?: string): Promise<void>;
  listForUser(uid: string): Promise<SessionRecord[]>;
}

export interface CategoryStore {
  /** All categories, active or not, in their display order. */
  list(): Promise<Category[]>;
  upsertMany(categories: readonly Category[]): Promise<void>;
  findBySlug(slug: string): Promise<Category | null>;
  /** Adds a category after the last one; null when the slug is already taken. */
  create(category: Omit<Category, 'order'>): Promise<Category | null>;
  /** Changes what an admin may change (never the slug, never the order); null when there is no such category. */
  update(slug: string, fields: Pick<Category, 'label' | 'description' | 'color' | 'active'>): Promise<Category | null>;
  /** Swaps the category's place with its neighbour above or below, atomically; false when it has none there. */
  move(slug: string, direction: 'up' | 'down'): Promise<boolean>;
  /** Deletes the category only if no event uses it (checked in the same transaction); else how many do. */
  delete(slug: string): Promise<{ deleted: boolean; usage: number }>;
  /** How many events (any status, past ones included) use each category. */
  usageCounts(): Promise<Record<string, number>>;
}

export interface EventQuery {
  status: readonly EventStatus[];
  /** Only events that have not ended at this instant (ISO). */
  endsAfter: string;
  /** Only events that start before this instant (ISO): the end of a date window. */
  startsBefore?: string;
  category?: CategorySlug;
  canton?: CantonCode;
  /** Search words, each matched as a diacritic-insensitive prefix in title, description, venue, city, organizer. */
  words?: string[];
  free?: boolean;
  family?: boolean;
  accessible?: boolean;
  organizerName?: string;
  excludeId?: string;
  /** Featured events first (home highlights); otherwise relevance (with words) then date. */
  featuredFirst?: boolean;
  /**
   * The list counts each occurrence (decision 041): a series is one item per matching date, sorted by that date, its
   * startsAt/endsAt the occurrence's and `occurrence` set. With this, one item per event: its next matching date
   * (home highlights, similar events, the sitemap).
   */
  oneRowPerEvent?: boolean;
  limit: number;
  offset: number;
}

export interface EventStore {
  search(query: EventQuery): Promise<{ items: AgendaEvent[]; total: number }>;
  /** Located events matching the query (limit and offset ignored), for the map. */
  mapPoints(query: EventQuery, max: number): Promise<EventMapPoint[]>;
  /**
   * The names a search may suggest (« Vouliez-vous dire … ? »): title, venue, city and organizer of every event the
   * query matches (words, limit and offset ignored), as typed. Only ever asked with public statuses (decision 039).
   */
  suggestionTexts(query: EventQuery): Promise<string[]>;
  findById(id: string): Promise<AgendaEvent | null>;
  /** Stores events as they are (demo content, imports, tests): no use case goes through here. */
  insertMany(events: readonly AgendaEvent[]): Promise<void>;
  /** Events of these statuses that have not ended at this instant, per category. */
  countUpcomingByCategory(endsAfter: string, status: readonly EventStatus[]): Promise<Record<string, number>>;
  /**
   * Events an admin must look at: pending ones, and public ones holding a pending revision (SPEC §4: counted live;
   * on Firestore from a listener on the denormalised `awaitingModeration` field).
   */
  countAwaitingModeration(): Promise<number>;
  /**
   * Stores a new submission once per (account, submission key): a repeated key returns the event created first.
   * Atomic, so parallel repeats never create two events.
   */
  createSubmission(input: {
    uid: string;
    submissionKey: string;
    event: AgendaEvent;
    /** A trusted publisher's submission, published at once: recorded in the moderation log in the same write. */
    entry?: ModerationLogInput;
  }): Promise<{ event: AgendaEvent; created: boolean }>;
  /**
   * Writes one step of the event's life (app/domain/event-lifecycle.ts), atomically: only if the stored event is
   * still the version `seen` (its updatedAt), replaces it by `next` and, for an admin's decision, appends `entry` to
   * the moderation log with the event's title. Returns the stored event, or null when it is gone or changed since.
   */
  transition(input: { seen: string; next: AgendaEvent; entry?: ModerationLogInput }): Promise<AgendaEvent | null>;
  /**
   * Deletes an event, atomically, only if it is still the version `seen`: the event and its submission keys go; its
   * moderation log stays (each entry keeps the title it was taken on) and `entry`, the deletion, is appended. False
   * when it is gone or changed since.
   */
  remove(input: { id: string; seen: string; entry: ModerationLogInput }): Promise<boolean>;
  /** The event a submission key already produced for this account, if any. */
  findSubmission(uid: string, submissionKey: string): Promise<string | null>;
  listByOwner(uid: string): Promise<AgendaEvent[]>;
  /** Published events in a city starting within a time window (for possible duplicates). */
  listApprovedNear(input: { city: string; from: string; to: string; excludeId?: string }): Promise<AgendaEvent[]>;
  /**
   * The moderation list: one status, all, or what awaits moderation; optionally searched. Awaiting and pending:
   * oldest submission first; the others: most recently changed first.
   */
  listForModeration(query: ModerationQuery): Promise<{ items: AgendaEvent[]; total: number }>;
  /** How many events of every status (all dates). */
  countAllByStatus(): Promise<Record<EventStatus, number>>;
  /**
   * An event's stored occurrences (decision 041), in order, those ending after `endsAfter` when given. Every write of
   * an event (insert, submission, transition) stores them in the same transaction, from its public content, up to
   * the rolling horizon (occurrenceHorizon): a single event has one, its own dates.
   */
  occurrences(eventId: string, endsAfter?: string): Promise<StoredOccurrence[]>;
  /**
   * The daily job: stores the occurrences of every series up to `horizon` (ISO) where they stop before it and the
   * series goes on. Returns how many events it extended.
   */
  extendOccurrences(horizon: string): Promise<number>;
  /** Events of an account per status (the organizer's history, for moderators). */
  countByOwner(uid: string): Promise<Record<EventStatus, number>>;
  /** The decisions taken on an event, newest first (also once the event is deleted). */
  moderationHistory(eventId: string): Promise<ModerationEntry[]>;
}

export type { ModerationAction };

export interface ModerationEntry {
  id: number;
  eventId: string;
  /** The event's current title; once it is deleted, the title the decision was taken on. */
  eventTitle: string;
  adminUid: string | null;
  adminName: string;
  action: ModerationAction;
  reason: string;
  createdAt: string;
}

/** What a use case writes to the moderation log; the store adds the number, the event and its title. */
export type ModerationLogInput = Pick<ModerationEntry, 'adminUid' | 'action' | 'reason' | 'createdAt'>;

export interface ModerationQuery {
  /** `awaiting`: pending events and public ones with a pending revision (the queue). */
  status: EventStatus | 'all' | 'awaiting';
  /** Search words (prefix, diacritic-insensitive, like the public search) or an organizer's email. */
  words?: string[];
  ownerEmail?: string;
  limit: number;
  offset: number;
}

/**
 * Figures for the admin dashboard, each one grouped query. Instants are ISO strings in UTC (`toISOString()`),
 * the format every writer uses, so they compare as text. Periods are given as ascending boundaries:
 * `[b0, b1, …, bn]` stands for the n periods [b0, b1), [b1, b2), … and yields n counts.
 */
export interface StatsStore {
  /** How many distinct events an admin approved (moderation log) in [from, to). */
  countApprovedBetween(from: string, to: string): Promise<number>;
  /** Published (approved) events that have not ended at this instant, per category and per canton. */
  countUpcoming(now: string): Promise<UpcomingCounts>;
  /** Events per period of their (latest) submission. */
  countSubmissions(boundaries: readonly string[]): Promise<number[]>;
  /** The latest moderation decisions, newest first, with the event's title and the admin's name. */
  recentModeration(limit: number): Promise<ModerationEntry[]>;
  /**
   * Records one page view: the path (no query string) and the page's title, at an instant. Nothing else (no IP
   * address, no identifier, no user agent). Page views do not change `Store.revision()`: they must not empty the
   * read caches of the public pages at every visit.
   */
  recordPageView(view: PageView): Promise<void>;
  /**
   * Records a page view unless its path is new for its day (UTC) while `maxPaths` distinct paths were already seen
   * that day: false then, nothing stored. Bounds what a flood of made-up paths can add (a soft bound on Firestore,
   * where concurrent new paths may pass it by a few).
   */
  recordPageViewWithin(view: PageView, maxPaths: number): Promise<boolean>;
  /** Page views per period. */
  countPageViews(boundaries: readonly string[]): Promise<number[]>;
  /** The most viewed paths in [from, to), with their latest title. */
  topPages(from: string, to: string, limit: number): Promise<{ path: string; title: string; views: number }[]>;
}

export interface PageView {
  path: string;
  title: string;
  viewedAt: string;
}

export interface UpcomingCounts {
  total: number;
  byCategory: Record<string, number>;
  byCanton: Record<string, number>;
}

export interface AppNotification {
  id: string;
  title: string;
  body: string;
  data: Record<string, string>;
  timestamp: string;
}

export interface NotificationStore {
  /** One copy for each active admin (their in-app list). */
  addForAdmins(notification: AppNotification): Promise<void>;
  listFor(uid: string, limit: number): Promise<AppNotification[]>;
}

export interface PartnerStore {
  list(options?: { activeOnly?: boolean }): Promise<Partner[]>;
  findById(id: string): Promise<Partner | null>;
  insertMany(partners: readonly Partner[]): Promise<void>;
  /** Adds a partner at the end of its kind (its order is chosen in the same transaction). */
  create(partner: Omit<Partner, 'order'>): Promise<Partner>;
  /** Saves the editable fields (never the slug); a change of kind puts it at the end of its new kind. Null if absent. */
  update(id: string, fields: PartnerFields): Promise<Partner | null>;
  /** Shows or hides the partner on the public pages; false if there is no such partner. */
  setActive(id: string, active: boolean): Promise<boolean>;
  /** Puts the partners of one kind in this order, in one transaction. Refused (false, nothing changed) unless `ids`
   * are exactly that kind's partners; only the partners whose place changes are written. */
  reorder(kind: PartnerKind, ids: readonly string[]): Promise<boolean>;
  /** Removes the partner (by id, not slug); false if there is no such partner. Its logo files are the caller's. */
  delete(id: string): Promise<boolean>;
}

export type PartnerFields = Pick<Partner, 'name' | 'kind' | 'description' | 'logo' | 'websiteUrl' | 'active'>;

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

export interface ContactMessageStore {
  add(message: ContactMessage): Promise<void>;
  count(): Promise<number>;
  /** The latest messages, newest first. */
  listRecent(limit: number): Promise<ContactMessage[]>;
}

/** A donation confirmed by the payment provider (Stripe); bank transfers by QR-bill are not recorded here. */
export interface Donation {
  id: string;
  /** The donor's account; null once that account is deleted. */
  uid: string | null;
  /** In francs (CHF), up to two decimals. */
  amount: number;
  currency: 'CHF';
  provider: 'stripe';
  /** The provider's reference (Stripe Checkout Session id): one donation per (provider, providerRef). */
  providerRef: string;
  status: 'paid';
  /** The name the donor chose to show among « Merci à nos donateurs », or null. */
  publicName: string | null;
  createdAt: string;
}

export interface DonationWithDonor extends Donation {
  donorName: string | null;
  donorEmail: string | null;
}

export interface DonationStore {
  /**
   * Records a paid donation and marks its account as a supporter, in one transaction. Idempotent per
   * (provider, providerRef): the success page and the webhook may both report the same payment, only the first writes.
   * An unknown account is recorded as none (uid null).
   */
  recordPaid(donation: Donation): Promise<{ donation: Donation; created: boolean }>;
  findByProviderRef(provider: Donation['provider'], providerRef: string): Promise<Donation | null>;
  /** The latest donations, newest first, with the donor's current name and email. */
  listRecent(limit: number): Promise<DonationWithDonor[]>;
  /** Paid donations per period (ascending boundaries, as in StatsStore): total in francs and count. */
  totalsPerPeriod(boundaries: readonly string[]): Promise<{ total: number; count: number }[]>;
  /** The names donors chose to show, each once, latest donation first (accounts still existing only). */
  publicNames(limit: number): Promise<string[]>;
}

export interface Store {
  users: UserStore;
  sessions: SessionStore;
  authTokens: AuthTokenStore;
  categories: CategoryStore;
  events: EventStore;
  partners: PartnerStore;
  contactMessages: ContactMessageStore;
  notifications: NotificationStore;
  stats: StatsStore;
  donations: DonationStore;
  /** True when nothing has been stored yet (no category, no event, no user). */
  isEmpty(): Promise<boolean>;
  /** A number that changes whenever anything is written (here or by another process): read caches key on it. */
  revision(): number;
  /** Releases the connection and its listeners (scripts and tests). */
  close(): Promise<void>;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface MailPort {
  send(message: MailMessage): Promise<void>;
}
