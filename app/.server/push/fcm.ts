// Push through Firebase Cloud Messaging (DATA_BACKEND=firestore with the FCM web app settings): the same push port as
// Web Push, one multicast per 500 device tokens; tokens FCM says are gone or malformed come back as 'gone' so the use
// case prunes them from the profiles (docs/specification.md §3 fcmTokens). See docs/decisions/022-fcm-derriere-le-port-push.md.
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';

/** What this transport uses of firebase-admin's Messaging: one send to a list of device tokens. */
export interface FcmMessaging {
  sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse>;
}

import type { PushClientConfig } from '~/domain/push';
import type { PushMessage, PushResult, PushTransport } from './ports';

/** FCM error codes that mean « this token is dead »: prune it. Others (quota, server) are worth a later retry. */
const DEAD_TOKEN = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  'messaging/invalid-argument',
]);

export const FCM_MULTICAST_MAX = 500;

/** FCM registration tokens: base64url-like text with `:` separators, about 150 to 200 characters today. */
const FCM_TOKEN = /^[A-Za-z0-9_:-]{64,4096}$/;

export interface FcmTransportOptions {
  messaging: FcmMessaging;
  siteUrl: string;
  client: Extract<PushClientConfig, { transport: 'fcm' }>;
}

/** The FCM form of a push message: notification, string data, icon and click link made absolute. */
export function toFcmMessage(tokens: string[], message: PushMessage, siteUrl: string): MulticastMessage {
  const absolute = (path: string | undefined) => (path ? new URL(path, siteUrl).toString() : undefined);
  const link = message.fcmOptions?.link ?? absolute(message.data.url);
  const { title, body, image, icon, badge } = message.notification;
  return {
    tokens,
    notification: { title, body, ...(image ? { imageUrl: absolute(image) } : {}) },
    data: message.data,
    webpush: {
      notification: { icon: absolute(icon ?? '/icons/icon-192.png'), badge: absolute(badge ?? '/icons/badge-96.png') },
      ...(link ? { fcmOptions: { link } } : {}),
    },
  };
}

export function createFcmTransport({ messaging, siteUrl, client }: FcmTransportOptions): PushTransport {
  const normalizeToken = (token: string) => {
    const trimmed = token.trim();
    return FCM_TOKEN.test(trimmed) ? trimmed : null;
  };

  async function sendMany(tokens: readonly string[], message: PushMessage): Promise<PushResult[]> {
    const results: PushResult[] = new Array(tokens.length);
    // Tokens that are not FCM tokens (left by another transport) never reach FCM: they are pruned.
    const valid: number[] = [];
    tokens.forEach((token, index) => {
      if (normalizeToken(token)) valid.push(index);
      else results[index] = { status: 'gone' };
    });
    for (let start = 0; start < valid.length; start += FCM_MULTICAST_MAX) {
      const batch = valid.slice(start, start + FCM_MULTICAST_MAX);
      try {
        const answer = await messaging.sendEachForMulticast(
          toFcmMessage(
            batch.map((i) => tokens[i]),
            message,
            siteUrl,
          ),
        );
        answer.responses.forEach((response, n) => {
          const code = String(response.error?.code ?? '');
          results[batch[n]] = response.success
            ? { status: 'sent' }
            : DEAD_TOKEN.has(code)
              ? { status: 'gone' }
              : { status: 'failed', reason: `FCM : ${code || 'erreur inconnue'}` };
        });
      } catch (error) {
        // The whole multicast failed (credentials, network): every token is kept for a later try.
        for (const i of batch)
          results[i] = { status: 'failed', reason: `FCM injoignable : ${(error as Error).message}` };
      }
    }
    return results;
  }

  return {
    kind: 'fcm',
    clientConfig: async () => client,
    normalizeToken,
    async send(token, message) {
      const [result] = await sendMany([token], message);
      return result;
    },
    sendMany,
  };
}
