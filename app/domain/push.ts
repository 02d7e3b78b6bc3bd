// Push constants shared by the browser and the server (docs/specification.md §3, §8, §9).

/** docs/specification.md §3: the device id is stored locally under this key and is 16 characters long. */
export const DEVICE_ID_STORAGE_KEY = 'device_id';
export const DEVICE_ID_LENGTH = 16;
export const PUSH_DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/** docs/specification.md §8. */
export const NO_SIGNED_IN_USER = 'Aucun utilisateur connecté';

/** docs/specification.md §6, §9: push setup 1 s after start; revalidation at start and every 6 h; a token older than 7 days is renewed. */
export const PUSH_SETUP_DELAY_MS = 1_000;
export const PUSH_REVALIDATE_MS = 6 * 60 * 60 * 1000;
export const PUSH_TOKEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** docs/specification.md §9: the activation toast 'Notifications activées' shows 2 s after setup. */
export const PUSH_TOAST_DELAY_MS = 2_000;
export const PUSH_TOAST_TITLE = 'Notifications activées';

/** docs/specification.md §7: the service worker's path and the messages it answers. */
export const SERVICE_WORKER_URL = '/firebase-messaging-sw.js';
export const SW_ACTIVATION_TIMEOUT_MS = 10_000;
export const SW_FORCED_UPDATE_WAIT_MS = 1_000;
export const SW_FORCED_UPDATE_RELOAD_MS = 2_000;

/** docs/specification.md §8: push errors, logged to the console only (never shown). */
export const PUSH_ERRORS = {
  'missing-config': 'configuration push incomplète (clé publique manquante)',
  'permission-default': 'autorisation des notifications pas encore donnée',
  'permission-blocked': 'notifications bloquées par le navigateur',
  'unsupported-browser': 'ce navigateur ne prend pas en charge les notifications push',
  'indexed-db-unsupported': 'IndexedDB indisponible',
  'failed-service-worker-registration': 'enregistrement du service worker impossible',
  'token-subscribe-failed': 'abonnement push impossible',
  'token-subscribe-no-token': 'abonnement push sans jeton',
  'token-unsubscribe-failed': 'désabonnement push impossible',
  'token-update-failed': 'mise à jour du jeton push impossible',
  'token-update-no-token': 'mise à jour du jeton push sans jeton',
} as const;
export type PushErrorCode = keyof typeof PUSH_ERRORS;

/** docs/specification.md §2, §3: in-app notifications. */
export const NOTIFICATION_DEFAULT_TITLE = 'Nouvelle notification';
export const NOTIFICATION_DISPLAY_MS = 10_000;
/** docs/specification.md §9: alert sound. */
export const ALERT_TONE_HZ = 800;
export const ALERT_TONE_SECONDS = 0.5;

/** docs/specification.md §2: 'Voir' opens the event in the moderation queue. */
export function notificationTarget(data: Record<string, string> | undefined): string | null {
  const eventId = data?.eventId;
  return eventId ? `/admin/events?eventId=${encodeURIComponent(eventId)}` : null;
}

/** What a browser needs to subscribe with the transport in use (admins' devices, visitors' « Ça a lieu ? »); nothing secret. */
export type PushClientConfig =
  | {
      transport: 'webpush';
      /** The application server key the browser subscribes with (VAPID public key, base64url). */
      vapidPublicKey: string;
    }
  | {
      transport: 'fcm';
      /** The Web Push certificate's public key of the Firebase project (FIREBASE_VAPID_KEY). */
      vapidPublicKey: string;
      /** The web app's public identifiers, for `firebase/messaging` getToken in the browser. */
      firebase: { apiKey: string; projectId: string; appId: string; messagingSenderId: string };
    };
