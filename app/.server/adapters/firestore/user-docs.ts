// The documents of Firestore users: `users/{uid}` (docs/specification.md §3 profile, plus what the local identity provider needs) and
// `userEmails/{email}`, the index that makes an email belong to one account.
import type { Firestore, FirestoreDataConverter } from 'firebase-admin/firestore';
import { foldText } from '~/domain/search-text';
import type { UserProfile, UserWithPassword } from '../../ports';
import { COLLECTIONS } from './db';

export interface UserDoc extends UserProfile {
  emailLower: string;
  passwordHash: string | null;
  /** The admin search's pieces of the name and email (userSearchGrams): derived, rebuilt on import. */
  searchGrams: string[];
}

/**
 * Every piece of one to three characters of an account's name and email, folded as the admin search folds them
 * (issue 35): Firestore finds the accounts holding a piece of a searched word (`array-contains`), and the store keeps
 * those that contain every word, as SQLite does. The search reads the accounts sharing that piece, not them all.
 */
export function userSearchGrams(displayName: string, email: string): string[] {
  const text = foldText(`${displayName} ${email}`);
  const grams = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    for (let n = 1; n <= 3 && i + n <= text.length; n++) grams.add(text.slice(i, n + i));
  }
  return [...grams];
}

/** The piece a search asks Firestore for: the first three characters of its longest (folded) word. */
export function searchGramOf(foldedWords: readonly string[]): string | null {
  const longest = foldedWords.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest ? longest.slice(0, 3) : null;
}

export const emailKey = (email: string) => email.trim().toLowerCase();

/** A user as stored and as read back: every field of the profile, with docs/specification.md §3 defaults for what is missing. */
function storedUser(uid: string, d: Partial<UserDoc>): UserWithPassword {
  return {
    uid,
    email: String(d.email ?? ''),
    displayName: String(d.displayName ?? ''),
    role: d.role === 'admin' ? 'admin' : 'organizer',
    createdAt: String(d.createdAt ?? ''),
    updatedAt: String(d.updatedAt ?? ''),
    supported: Boolean(d.supported),
    photoURL: d.photoURL ?? null,
    emailVerified: Boolean(d.emailVerified),
    disabled: Boolean(d.disabled),
    trusted: Boolean(d.trusted),
    passwordHash: d.passwordHash ?? null,
  };
}

export const userConverter: FirestoreDataConverter<UserWithPassword, UserDoc> = {
  toFirestore: (u) => {
    const user = storedUser(String(u.uid), u as Partial<UserDoc>);
    return { ...user, emailLower: emailKey(user.email), searchGrams: userSearchGrams(user.displayName, user.email) };
  },
  fromFirestore: (snapshot) => storedUser(snapshot.id, snapshot.data() as Partial<UserDoc>),
};

/** A new account's profile: docs/specification.md §3 defaults (not a supporter, no photo), enabled. */
export function newUser(input: {
  uid: string;
  email: string;
  displayName: string;
  role: UserWithPassword['role'];
  passwordHash: string | null;
  emailVerified: boolean;
  now: string;
}): UserWithPassword {
  return {
    uid: input.uid,
    email: input.email,
    displayName: input.displayName,
    role: input.role,
    createdAt: input.now,
    updatedAt: input.now,
    supported: false,
    photoURL: null,
    emailVerified: input.emailVerified,
    disabled: false,
    trusted: false,
    passwordHash: input.passwordHash,
  };
}

export function withoutPassword(user: UserWithPassword): UserProfile {
  const { passwordHash: _hidden, ...profile } = user;
  return profile;
}

export async function findUidByEmail(db: Firestore, email: string): Promise<string | null> {
  const snapshot = await db.collection(COLLECTIONS.userEmails).doc(emailKey(email)).get();
  return snapshot.exists ? String(snapshot.get('uid')) : null;
}
