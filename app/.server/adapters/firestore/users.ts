// Users of the Firestore store (documents in user-docs.ts): an email belongs to one account, checked in the creating
// transaction; admin writes check their guards in theirs.
import type { QueryDocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import type { UserAdminWrite, UserStore, UserWithPassword } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, deleteAll, isAlreadyExists, isNotFound } from './db';
import {
  emailKey,
  findUidByEmail,
  newUser,
  type UserDoc,
  userConverter,
  userSearchGrams,
  withoutPassword,
} from './user-docs';
import { userSearch } from './user-search';
import { createPushMethods } from './users-push';

export function createUserStore(ctx: FirestoreContext): UserStore {
  const { db } = ctx;
  const users = () => db.collection(COLLECTIONS.users).withConverter(userConverter);
  const emails = () => db.collection(COLLECTIONS.userEmails);
  const activeAdmins = () => users().where('role', '==', 'admin').where('disabled', '==', false);

  const findById = async (uid: string) => (await users().doc(uid).get()).data() ?? null;
  const findByEmail = async (email: string) => {
    const uid = await findUidByEmail(db, email);
    return uid ? findById(uid) : null;
  };
  const written = <T>(value: T) => {
    ctx.touched();
    return value;
  };
  /** Changes fields of the account's profile; null when there is no such account. */
  const updateProfileFields = async (uid: string, fields: Partial<UserDoc>) => {
    try {
      await users().doc(uid).update(fields);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    ctx.touched();
    const user = await findById(uid);
    return user ? withoutPassword(user) : null;
  };

  /**
   * One admin write in a transaction that reads its guards first: the account, the active admins, the actor. Writes
   * about admins queue behind each other in this process, and Firestore isolates them across instances.
   */
  const guardedWrite = async (
    uid: string,
    actorUid: string,
    change: (
      user: UserWithPassword,
      tx: Transaction,
    ) => Promise<{ removesAdmin: boolean; apply: () => Partial<UserDoc> }>,
  ): Promise<UserAdminWrite> => {
    const result = await ctx.lock('admins', () =>
      db.runTransaction(async (tx): Promise<UserAdminWrite> => {
        const ref = users().doc(uid);
        const user = (await tx.get(ref)).data();
        if (!user) return { ok: false, reason: 'not-found' };
        const admins = (await tx.get(activeAdmins())).docs.map((d) => d.id);
        const { removesAdmin, apply } = await change(user, tx);
        if (removesAdmin && admins.filter((a) => a !== uid).length === 0) return { ok: false, reason: 'last-admin' };
        if (!admins.includes(actorUid)) return { ok: false, reason: 'not-admin' };
        const fields = apply();
        tx.update(db.collection(COLLECTIONS.users).doc(uid), fields);
        return { ok: true, user: withoutPassword({ ...user, ...fields }) };
      }),
    );
    if (result.ok) ctx.touched();
    return result;
  };

  return {
    ...createPushMethods(ctx),
    async findById(uid) {
      const user = await findById(uid);
      return user ? withoutPassword(user) : null;
    },
    async findByEmailWithPassword(email) {
      return findByEmail(email);
    },
    async upsert(input) {
      const key = emailKey(input.email);
      const result = await ctx.lock(`email:${key}`, () =>
        db.runTransaction(async (tx) => {
          const owner = await tx.get(emails().doc(key));
          if (owner.exists) {
            const ref = users().doc(String(owner.get('uid')));
            const current = (await tx.get(ref)).data();
            if (current) {
              const next = {
                ...current,
                displayName: input.displayName,
                role: input.role,
                passwordHash: input.passwordHash,
                updatedAt: input.now,
              };
              // Merged: fields other aggregates keep on the profile (push data, docs/specification.md §3) stay.
              tx.set(ref, next, { merge: true });
              return next;
            }
          }
          const user = newUser(input);
          tx.set(emails().doc(key), { uid: user.uid });
          tx.set(users().doc(user.uid), user);
          return user;
        }),
      );
      return written(withoutPassword(result));
    },
    async listAdmins() {
      return (await activeAdmins().get()).docs.map((d) => withoutPassword(d.data()));
    },
    async create(input) {
      const key = emailKey(input.email);
      const user = newUser({ ...input, emailVerified: false });
      try {
        await db.runTransaction(async (tx) => {
          // The email first: if it is taken, the commit fails before the profile is written.
          tx.create(emails().doc(key), { uid: user.uid });
          tx.create(users().doc(user.uid), user);
        });
      } catch (error) {
        if (isAlreadyExists(error)) return null;
        throw error;
      }
      return written(withoutPassword(user));
    },
    async setPassword(uid, passwordHash, now) {
      await users().doc(uid).update({ passwordHash, updatedAt: now });
      ctx.touched();
    },
    async setEmailVerified(uid, now) {
      await users().doc(uid).update({ emailVerified: true, updatedAt: now });
      ctx.touched();
    },
    async updateProfile(uid, fields, now) {
      const user = await findById(uid);
      if (!user) return null;
      // The email never changes: the admin search's pieces follow the name.
      const searchGrams = userSearchGrams(fields.displayName, user.email);
      return updateProfileFields(uid, { displayName: fields.displayName, updatedAt: now, searchGrams });
    },
    async setPhotoURL(uid, photoURL, now) {
      return updateProfileFields(uid, { photoURL, updatedAt: now });
    },
    async delete(uid) {
      const user = await findById(uid);
      if (!user) return;
      // What the SQLite schema does by its foreign keys: sessions, tokens, notifications, favourites go with the account;
      // events, decisions and donations stay, without it.
      const byUid = (collection: string, field: string) => db.collection(collection).where(field, '==', uid).get();
      const [sessions, tokens, notifications, created, moderated, decisions, donations, favourites, feeds, follows] =
        await Promise.all([
          byUid(COLLECTIONS.sessions, 'uid'),
          byUid(COLLECTIONS.authTokens, 'uid'),
          byUid(COLLECTIONS.notifications, 'uid'),
          byUid(COLLECTIONS.events, 'createdBy'),
          byUid(COLLECTIONS.events, 'moderatedBy'),
          byUid(COLLECTIONS.moderationLog, 'adminUid'),
          byUid(COLLECTIONS.donations, 'uid'),
          byUid(COLLECTIONS.favourites, 'uid'),
          byUid(COLLECTIONS.favouriteFeeds, 'uid'),
          byUid(COLLECTIONS.follows, 'uid'),
        ]);
      await db.runTransaction(async (tx) => {
        const owner = await tx.get(db.collection(COLLECTIONS.userEmails).doc(emailKey(user.email)));
        tx.delete(db.collection(COLLECTIONS.users).doc(uid));
        if (owner.get('uid') === uid) tx.delete(owner.ref);
      });
      await deleteAll(db, [
        ...sessions.docs,
        ...tokens.docs,
        ...notifications.docs,
        ...favourites.docs,
        ...feeds.docs,
        ...follows.docs,
      ]);
      const unlink = async (docs: QueryDocumentSnapshot[], field: string) => {
        for (const d of docs) await d.ref.update({ [field]: null });
      };
      await unlink(created.docs, 'createdBy');
      await unlink(moderated.docs, 'moderatedBy');
      await unlink(decisions.docs, 'adminUid');
      await unlink(donations.docs, 'uid');
      for (const d of [...created.docs, ...moderated.docs]) await ctx.refreshEvent(d.id);
      ctx.touched();
    },
    search: userSearch(ctx),
    async setRole({ uid, role, actorUid, now }) {
      return guardedWrite(uid, actorUid, async (user) => ({
        removesAdmin: user.role === 'admin' && role !== 'admin' && !user.disabled,
        apply: () => ({ role, updatedAt: now }),
      }));
    },
    async setTrusted({ uid, trusted, actorUid, now }) {
      return guardedWrite(uid, actorUid, async () => ({
        removesAdmin: false,
        apply: () => ({ trusted, updatedAt: now }),
      }));
    },
    async setDisabled({ uid, disabled, actorUid, now }) {
      let sessions: QueryDocumentSnapshot[] = [];
      return guardedWrite(uid, actorUid, async (user, tx) => {
        if (disabled) sessions = (await tx.get(db.collection(COLLECTIONS.sessions).where('uid', '==', uid))).docs;
        return {
          removesAdmin: disabled && user.role === 'admin' && !user.disabled,
          apply: () => {
            // Same transaction: a disabled account keeps no session.
            for (const s of sessions) tx.delete(s.ref);
            return { disabled, updatedAt: now };
          },
        };
      });
    },
  };
}
