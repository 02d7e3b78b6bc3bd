// Single-use tokens of the links of our mails (email verification, password reset), by the hash of their value: the
// local provider's own tokens, and with Firebase Auth a record of each action code it issued (so ours can revoke it).
import type { AuthTokenStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS } from './db';

interface TokenDoc {
  uid: string;
  purpose: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export function createAuthTokenStore(ctx: FirestoreContext): AuthTokenStore {
  const { db } = ctx;
  const tokens = () => db.collection(COLLECTIONS.authTokens);
  const valid = (d: TokenDoc | undefined, purpose: string, now: string): d is TokenDoc =>
    d !== undefined && d.purpose === purpose && d.usedAt === null && d.expiresAt > now;

  return {
    async issue(t) {
      await ctx.lock(`tokens:${t.uid}`, () =>
        db.runTransaction(async (tx) => {
          const earlier = await tx.get(tokens().where('uid', '==', t.uid).where('purpose', '==', t.purpose));
          for (const d of earlier.docs) if (d.get('usedAt') == null) tx.delete(d.ref);
          tx.set(tokens().doc(t.id), {
            uid: t.uid,
            purpose: t.purpose,
            createdAt: t.createdAt,
            expiresAt: t.expiresAt,
            usedAt: null,
          } satisfies TokenDoc);
        }),
      );
    },
    async peek(id, purpose, now) {
      const d = (await tokens().doc(id).get()).data() as TokenDoc | undefined;
      return valid(d, purpose, now) ? d.uid : null;
    },
    async consume(id, purpose, now) {
      return ctx.lock(`token:${id}`, () =>
        db.runTransaction(async (tx) => {
          const ref = tokens().doc(id);
          const d = (await tx.get(ref)).data() as TokenDoc | undefined;
          if (!valid(d, purpose, now)) return null;
          tx.update(ref, { usedAt: now });
          return d.uid;
        }),
      );
    },
    async revokeForUser(uid, purpose) {
      await ctx.lock(`tokens:${uid}`, () =>
        db.runTransaction(async (tx) => {
          const unused = await tx.get(tokens().where('uid', '==', uid).where('purpose', '==', purpose));
          for (const d of unused.docs) if (d.get('usedAt') == null) tx.delete(d.ref);
        }),
      );
    },
  };
}
