// The push transport chosen by configuration, built once per process: FCM when the Firebase backend runs with the
// FCM web app settings (FIREBASE_APP_ID, FIREBASE_MESSAGING_SENDER_ID, FIREBASE_VAPID_KEY), Web Push otherwise.
import { getMessaging, type Messaging } from 'firebase-admin/messaging';
import { type Config, getConfig } from '../config';
import { getFirebaseApp } from '../firebase/app';
import { singleton } from '../singleton';
import { createFcmTransport } from './fcm';
import type { PushTransport } from './ports';
import { vapidDetails } from './vapid';
import { createWebPushTransport } from './web-push';

export function createPushTransport(
  config: Config,
  messaging: () => Pick<Messaging, 'sendEachForMulticast'>,
): PushTransport {
  const {
    FIREBASE_APP_ID: appId,
    FIREBASE_MESSAGING_SENDER_ID: messagingSenderId,
    FIREBASE_VAPID_KEY: vapidKey,
  } = config;
  if (config.DATA_BACKEND === 'firestore' && appId && messagingSenderId && vapidKey) {
    return createFcmTransport({
      messaging: messaging(),
      siteUrl: config.SITE_URL,
      client: {
        transport: 'fcm',
        vapidPublicKey: vapidKey,
        firebase: {
          apiKey: config.FIREBASE_API_KEY ?? '',
          projectId: config.FIREBASE_PROJECT_ID ?? '',
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

export function getPushTransport(): PushTransport {
  return singleton('pushTransport', () => {
    const config = getConfig();
    // The Firebase app is only opened when FCM is chosen: the SQLite server never starts firebase-admin.
    return createPushTransport(config, () => getMessaging(getFirebaseApp(config)));
  });
}
