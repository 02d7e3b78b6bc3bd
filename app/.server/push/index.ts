// The push transport chosen by configuration: FCM when the Firebase backend runs with the
// FCM web app settings (FIREBASE_APP_ID, FIREBASE_MESSAGING_SENDER_ID, FIREBASE_VAPID_KEY), Web Push otherwise.
import type { Config, FirebaseSettings } from '../platform/config';
import type { FederationStore } from '../ports';
import { createFcmTransport, type FcmMessaging } from './fcm';
import type { PushTransport } from './ports';
import { sharedVapidDetails, vapidDetails } from './vapid';
import { createWebPushTransport } from './web-push';

export function createPushTransport(
  config: Config,
  firebase: FirebaseSettings | null,
  messaging: () => FcmMessaging,
  /** Where the instances of a site on Firestore keep their one VAPID pair. */
  records: () => FederationStore,
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
    // On Firestore, one pair for every instance (each has its own DATA_DIR); on SQLite, the one of DATA_DIR.
    vapid: firebase ? () => sharedVapidDetails(config, records()) : vapidDetails(config),
    allowLoopbackHttp: config.NODE_ENV !== 'production',
  });
}
