// The interfaces the use cases depend on. Adapters (SQLite now, Firestore later) implement them.
import type { CantonCode } from '~/domain/cantons';
import type { Category, CategorySlug } from '~/domain/categories';
import type { AgendaEvent, EventMapPoint, EventStatus } from '~/domain/event';
import type { Partner } from '~/domain/partner';

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
    passwordHash: string;
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
    passwordHash: string;
    now: string;
  }): Promise<UserProfile | null>;
  setPassword(uid: string, passwordHash: string, now: string): Promise<void>;
  setEmailVerified(uid: string, now: string): Promise<void>;
  updateProfile(uid: string, fields: { displayName: string }, now: string): Promise<UserProfile | null>;
  /** Deletes the account; its sessions and tokens go with it, its events stay without an owner. */
  delete(uid: string): Promise<void>;
}

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
  list(): Promise<Category[]>;
  upsertMany(categories: readonly Category[]): Promise<void>;
}

export interface EventQuery {
  status: EventStatus[];
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
  limit: number;
  offset: number;
}

export interface EventStore {
  search(query: EventQuery): Promise<{ items: AgendaEvent[]; total: number }>;
  /** Located events matching the query (limit and offset ignored), for the map. */
  mapPoints(query: EventQuery, max: number): Promise<EventMapPoint[]>;
  findById(id: string): Promise<AgendaEvent | null>;
  insertMany(events: readonly AgendaEvent[]): Promise<void>;
  countUpcomingByCategory(endsAfter: string): Promise<Record<string, number>>;
  countByStatus(status: EventStatus): Promise<number>;
  /**
   * Stores a new submission once per (account, submission key): a repeated key returns the event created first.
   * Atomic, so parallel repeats never create two events.
   */
  createSubmission(input: {
    uid: string;
    submissionKey: string;
    event: AgendaEvent;
  }): Promise<{ event: AgendaEvent; created: boolean }>;
  update(event: AgendaEvent): Promise<void>;
  /** The event a submission key already produced for this account, if any. */
  findSubmission(uid: string, submissionKey: string): Promise<string | null>;
  listByOwner(uid: string): Promise<AgendaEvent[]>;
  /** Published events in a city starting within a time window (for possible duplicates). */
  listApprovedNear(input: { city: string; from: string; to: string; excludeId?: string }): Promise<AgendaEvent[]>;
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
}

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
  /** True when nothing has been stored yet (no category, no event, no user). */
  isEmpty(): Promise<boolean>;
  /** A number that changes whenever anything is written (here or by another process): read caches key on it. */
  revision(): number;
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
