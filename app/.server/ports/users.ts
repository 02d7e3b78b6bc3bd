// Accounts: users, their push devices, e-mail tokens and sessions.

import type { CursorPage } from './paging';

export type Role = 'organizer' | 'admin';

/** docs/specification.md §3 user profile, plus what the local identity provider needs. */
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
  /**
   * The organizer records this account is a member of (decision 167), read with the session on every request: a
   * member removed loses access at once, on every instance. Absent where no session was read.
   */
  organizerIds?: string[];
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
  /** docs/specification.md §3 photoURL, from Google sign-in. */
  setPhotoURL(uid: string, photoURL: string, now: string): Promise<UserProfile | null>;
  /** Deletes the account; its sessions and tokens go with it, its events stay without an owner. */
  delete(uid: string): Promise<void>;
  /**
   * The admin list of accounts, newest first, each with how many events it created (one query, not one per row), by
   * keyset pages (ports/paging.ts).
   */
  search(query: UserQuery): Promise<CursorPage<UserSummary>>;
  /**
   * Admin writes, each one transaction that re-checks its guards: the actor is still an active admin, and at least
   * one active admin other than the account remains when the account stops being one (two admins demoting each
   * other at once: one wins). Disabling also revokes every session of the account in the same transaction.
   */
  setRole(input: { uid: string; role: Role; actorUid: string; now: string }): Promise<UserAdminWrite>;
  setDisabled(input: { uid: string; disabled: boolean; actorUid: string; now: string }): Promise<UserAdminWrite>;
  /** Marks the account as a trusted organizer or not (same guards: the actor is still an active admin). */
  setTrusted(input: { uid: string; trusted: boolean; actorUid: string; now: string }): Promise<UserAdminWrite>;

  // --- Push data (docs/specification.md §3 « user push data », §7 « Update users/{uid} with fcmTokens, fcmToken and fcmTokenUpdatedAt »).
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
   * Forced regeneration (docs/specification.md §4): removes `fcmTokens[deviceId]` and clears `fcmToken` and `fcmTokenUpdatedAt`
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

/** One device's push registration: an entry of docs/specification.md §3 `fcmTokens`, keyed by the device id (16 characters). */
export interface PushDevice {
  token: string;
  /** ISO instant of the last registration of this token. */
  updatedAt: string;
  userAgent: string;
  platform: string;
}

/** docs/specification.md §3 user push data, as kept in the user's record. */
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
  after?: string | null;
  before?: string | null;
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
