// Email alerts of the Firestore store (decision 048): `alerts/{id}`, the id being the hash of (address, filter), so
// that one transaction on that document keeps one alert per address and list.
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { type Alert, rememberSent } from '~/domain/alert';
import type { AlertStore } from '../../alerts/ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, deleteAll } from './db';

function toAlert(d: DocumentSnapshot): Alert | null {
  const a = d.data();
  if (!a) return null;
  return {
    id: d.id,
    email: String(a.email),
    filter: String(a.filter),
    rhythm: a.rhythm,
    status: a.status,
    tokenHash: String(a.tokenHash),
    createdAt: String(a.createdAt),
    updatedAt: String(a.updatedAt),
    confirmedAt: a.confirmedAt ?? null,
    lastDigestAt: a.lastDigestAt ?? null,
    sentEventIds: Array.isArray(a.sentEventIds) ? a.sentEventIds.map(String) : [],
  };
}

export function createAlertStore(ctx: FirestoreContext): AlertStore {
  const { db } = ctx;
  const alerts = () => db.collection(COLLECTIONS.alerts);
  const byToken = async (tokenHash: string) =>
    (await alerts().where('tokenHash', '==', tokenHash).limit(1).get()).docs[0];
  const sorted = (list: Alert[]) =>
    list.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));

  return {
    async request(input) {
      const result = await ctx.lock(`alert:${input.id}`, () =>
        db.runTransaction(async (tx) => {
          const ref = alerts().doc(input.id);
          const existing = toAlert(await tx.get(ref));
          if (existing?.status === 'active') return { alert: existing, outcome: 'active' as const };
          if (existing) {
            const alert = { ...existing, rhythm: input.rhythm, updatedAt: input.now };
            tx.update(ref, { rhythm: input.rhythm, updatedAt: input.now });
            return { alert, outcome: 'renewed' as const };
          }
          const { id, ...fields } = {
            id: input.id,
            email: input.email,
            filter: input.filter,
            rhythm: input.rhythm,
            status: 'pending' as const,
            tokenHash: input.tokenHash,
            createdAt: input.now,
            updatedAt: input.now,
            confirmedAt: null,
            lastDigestAt: null,
            sentEventIds: [] as string[],
          };
          tx.create(ref, fields);
          return { alert: { id, ...fields }, outcome: 'created' as const };
        }),
      );
      ctx.touched();
      return result;
    },
    async findByTokenHash(tokenHash) {
      const doc = await byToken(tokenHash);
      return doc ? toAlert(doc) : null;
    },
    async confirm(tokenHash, now, expiredBefore) {
      const found = await byToken(tokenHash);
      if (!found) return null;
      return ctx.lock(`alert:${found.id}`, () =>
        db.runTransaction(async (tx) => {
          const alert = toAlert(await tx.get(found.ref));
          if (!alert || alert.tokenHash !== tokenHash) return null;
          if (alert.status === 'active') return alert;
          if (alert.updatedAt < expiredBefore) return null;
          tx.update(found.ref, { status: 'active', confirmedAt: now, updatedAt: now });
          return { ...alert, status: 'active' as const, confirmedAt: now, updatedAt: now };
        }),
      );
    },
    async setRhythm(id, rhythm, now) {
      return ctx.lock(`alert:${id}`, () =>
        db.runTransaction(async (tx) => {
          const ref = alerts().doc(id);
          const alert = toAlert(await tx.get(ref));
          if (!alert) return null;
          tx.update(ref, { rhythm, updatedAt: now });
          return { ...alert, rhythm, updatedAt: now };
        }),
      );
    },
    async delete(id) {
      return ctx.lock(`alert:${id}`, () =>
        db.runTransaction(async (tx) => {
          const ref = alerts().doc(id);
          if (!(await tx.get(ref)).exists) return false;
          tx.delete(ref);
          return true;
        }),
      );
    },
    async listByEmail(email) {
      const snapshot = await alerts().where('email', '==', email).get();
      return sorted(snapshot.docs.map((d) => toAlert(d) as Alert));
    },
    async listActive() {
      const snapshot = await alerts().where('status', '==', 'active').get();
      return snapshot.docs.map((d) => toAlert(d) as Alert).sort((a, b) => a.id.localeCompare(b.id));
    },
    async recordDigest({ id, seen, at }) {
      return ctx.lock(`alert:${id}`, () =>
        db.runTransaction(async (tx) => {
          const ref = alerts().doc(id);
          const alert = toAlert(await tx.get(ref));
          if (alert?.status !== 'active' || alert.lastDigestAt !== seen) return false;
          tx.update(ref, { lastDigestAt: at });
          return true;
        }),
      );
    },
    async rememberSent(id, eventIds) {
      await ctx.lock(`alert:${id}`, () =>
        db.runTransaction(async (tx) => {
          const ref = alerts().doc(id);
          const alert = toAlert(await tx.get(ref));
          if (alert) tx.update(ref, { sentEventIds: rememberSent(alert.sentEventIds, eventIds) });
        }),
      );
    },
    async deleteExpired(before) {
      // Equality only (no composite index): the pending alerts are few, their age is checked here.
      const snapshot = await alerts().where('status', '==', 'pending').get();
      const expired = snapshot.docs.filter((d) => String(d.get('updatedAt')) < before);
      await deleteAll(db, expired);
      return expired.length;
    },
  };
}
