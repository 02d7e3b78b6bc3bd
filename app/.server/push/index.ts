// The push transport chosen by configuration: FCM when the Firebase backend runs with the
// FCM web app settings (FIREBASE_APP_ID, FIREBASE_MESSAGING_SENDER_ID, FIREBASE_VAPID_KEY), Web Push otherwise.
import type { Config, FirebaseSettings } from '../platform/config';
import { createFcmTransport, type FcmMessaging } from './fcm';
import type { PushTransport } from './ports';
import { vapidDetails } from './vapid';
import { createWebPushTransport } from './web-push';

export function createPushTransport(
  config: Config,
  firebase: FirebaseSettings | null,
  messaging: () => FcmMessaging,
): PushTransport {
  const { appId, messagingSenderId, vapidKey } = firebase ?? {};
  if (firebase && appId && messagingSenderId && vapidKey) {
    return createFcmTransport({
      messaging: messaging(),
      siteUrl: config.SITE_URL,
      client: {
        transport: 'fcm',
        vapidPublicKey: vapidKey,
        firebase: {
          apiKey: firebase.apiKey,
          projectId: firebase.projectId,
          appId,
          messagingSenderId,
        },
      },
    });
  }
  return createWebPushTransport({
    vapid: vapidDetails(config),
    allowLoopbackHttp: config.NODE_ENV !== 'production',
  });
}
