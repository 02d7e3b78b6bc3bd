// Push data of the Firestore users (docs/specification.md §3): read and written raw on `users/{uid}`, not through the profile
// converter, and never bumping the store's revision: no public page shows it. Writes queue behind each other in
// this process; Firestore isolates instances.
import type { AdminPushDevice, PushDevice, UserPushData, UserStore } from '../../ports';
import { readPushDevices } from '../push-devices';
import type { FirestoreContext } from './context';
import { COLLECTIONS } from './db';

/**
 * docs/specification.md §3 push data on the user's document: `fcmTokens` (device id → device), `fcmToken`, `fcmTokenUpdatedAt`, plus
 * `pushTokens`, the list of the map's tokens, so that the holders of a token are found by one array-contains query.
 */
interface PushFields {
  fcmTokens: Record<string, PushDevice>;
  fcmToken: string | null;
  fcmTokenUpdatedAt: string | null;
  pushTokens: string[];
}

function pushDataOf(data: Record<string, unknown> | undefined): UserPushData {
  return {
    fcmTokens: readPushDevices(data?.fcmTokens),
    fcmToken: typeof data?.fcmToken === 'string' ? data.fcmToken : null,
    fcmTokenUpdatedAt: typeof data?.fcmTokenUpdatedAt === 'string' ? data.fcmTokenUpdatedAt : null,
  };
}

/** The fields to write for push data (the map, the latest token, and the token list kept in step). */
function pushFields(data: UserPushData): PushFields {
  return { ...data, pushTokens: [...new Set(Object.values(data.fcmTokens).map((d) => d.token))] };
}

/** The push data without every entry holding `token`; the latest token is cleared when it was that one. */
function withoutToken(data: UserPushData, token: string): { data: UserPushData; removed: number } {
  const kept = Object.entries(data.fcmTokens).filter(([, d]) => d.token !== token);
  const removed = Object.keys(data.fcmTokens).length - kept.length;
  const cleared = data.fcmToken === token;
  return {
    data: {
      fcmTokens: Object.fromEntries(kept),
      fcmToken: cleared ? null : data.fcmToken,
      fcmTokenUpdatedAt: cleared ? null : data.fcmTokenUpdatedAt,
    },
    removed,
  };
}

type PushMethods = Pick<
  UserStore,
  'getPushData' | 'savePushToken' | 'clearPushToken' | 'removePushToken' | 'listAdminPushDevices'
>;

export function createPushMethods(ctx: FirestoreContext): PushMethods {
  const { db } = ctx;
  const rawUser = (uid: string) => db.collection(COLLECTIONS.users).doc(uid);
  const holdersOf = (token: string) => db.collection(COLLECTIONS.users).where('pushTokens', 'array-contains', token);

  return {
    async getPushData(uid) {
      const snapshot = await rawUser(uid).get();
      return snapshot.exists ? pushDataOf(snapshot.data()) : null;
    },
    async savePushToken(uid, deviceId, device) {
      return ctx.lock('push', () =>
        db.runTransaction(async (tx) => {
          const target = await tx.get(rawUser(uid));
          if (!target.exists) return false;
          const holders = (await tx.get(holdersOf(device.token))).docs.filter((d) => d.id !== uid);
          for (const holder of holders)
            tx.update(holder.ref, { ...pushFields(withoutToken(pushDataOf(holder.data()), device.token).data) });
          const own = withoutToken(pushDataOf(target.data()), device.token).data;
          own.fcmTokens[deviceId] = device;
          tx.update(target.ref, {
            ...pushFields({ ...own, fcmToken: device.token, fcmTokenUpdatedAt: device.updatedAt }),
          });
          return true;
        }),
      );
    },
    async clearPushToken(uid, deviceId) {
      return ctx.lock('push', () =>
        db.runTransaction(async (tx) => {
          const target = await tx.get(rawUser(uid));
          if (!target.exists) return null;
          const data = pushDataOf(target.data());
          const removed = data.fcmTokens[deviceId]?.token ?? null;
          delete data.fcmTokens[deviceId];
          tx.update(target.ref, {
            ...pushFields({ fcmTokens: data.fcmTokens, fcmToken: null, fcmTokenUpdatedAt: null }),
          });
          return removed;
        }),
      );
    },
    async removePushToken(token) {
      return ctx.lock('push', () =>
        db.runTransaction(async (tx) => {
          const holders = (await tx.get(holdersOf(token))).docs;
          let removed = 0;
          for (const holder of holders) {
            const result = withoutToken(pushDataOf(holder.data()), token);
            removed += result.removed;
            tx.update(holder.ref, { ...pushFields(result.data) });
          }
          return removed;
        }),
      );
    },
    async listAdminPushDevices() {
      const admins = await db
        .collection(COLLECTIONS.users)
        .where('role', '==', 'admin')
        .where('disabled', '==', false)
        .get();
      const devices: AdminPushDevice[] = [];
      for (const admin of admins.docs) {
        for (const [deviceId, d] of Object.entries(pushDataOf(admin.data()).fcmTokens)) {
          devices.push({ uid: admin.id, deviceId, token: d.token });
        }
      }
      return devices;
    },
  };
}
