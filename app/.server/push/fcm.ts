// Push through Firebase Cloud Messaging (DATA_BACKEND=firestore): one multicast per 500 device tokens; tokens FCM says
// are gone or malformed come back so the caller prunes them from the profiles (SPEC §3 fcmTokens).
// Shaped like the push port of the client layer (issue 7), to be wired behind it: see the README « Passer sur Firebase ».
import type { Messaging } from 'firebase-admin/messaging';

export interface PushNotification {
  title: string;
  body: string;
  /** Opened when the notification is clicked (SPEC §7 link options), relative to the site or absolute. */
  link?: string;
  /** SPEC §3 in-app notification data (type, eventId…): strings only, as FCM requires. */
  data?: Record<string, string>;
  image?: string;
  icon?: string;
}

export interface PushSender {
  /** Sends to these device tokens; returns the ones that will never work again. */
  send(tokens: readonly string[], notification: PushNotification): Promise<{ invalidTokens: string[] }>;
}

/** FCM error codes that mean « this token is dead »: prune it. Others (quota, server) are worth a later retry. */
const DEAD_TOKEN = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  'messaging/invalid-argument',
]);

export const FCM_MULTICAST_MAX = 500;

export function createFcmSender(messaging: Pick<Messaging, 'sendEachForMulticast'>, siteUrl: string): PushSender {
  return {
    async send(tokens, notification) {
      const unique = [...new Set(tokens)];
      const invalidTokens: string[] = [];
      const link = notification.link ? new URL(notification.link, siteUrl).toString() : undefined;
      for (let start = 0; start < unique.length; start += FCM_MULTICAST_MAX) {
        const batch = unique.slice(start, start + FCM_MULTICAST_MAX);
        const result = await messaging.sendEachForMulticast({
          tokens: batch,
          notification: { title: notification.title, body: notification.body, imageUrl: notification.image },
          data: { ...notification.data, ...(link ? { link } : {}) },
          webpush: {
            notification: { icon: notification.icon ?? new URL('/favicon.svg', siteUrl).toString() },
            ...(link ? { fcmOptions: { link } } : {}),
          },
        });
        result.responses.forEach((response, index) => {
          if (!response.success && DEAD_TOKEN.has(String(response.error?.code))) invalidTokens.push(batch[index]);
        });
        if (result.failureCount > invalidTokens.length) {
          console.error(`[fcm] ${result.failureCount} envois échoués sur ${batch.length} (jetons gardés)`);
        }
      }
      return { invalidTokens };
    },
  };
}
