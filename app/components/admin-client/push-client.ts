// Push on an admin's device (docs/specification.md §4, §6, §8, §9): device id, subscription with the server's key, token saved in the
// account (POST /push/subscription), revalidation, refresh after 7 days, forced regeneration. Errors only go to the
// console (docs/specification.md §8), with the codes of the Firebase messaging library for the same cases.
import {
  DEVICE_ID_LENGTH,
  DEVICE_ID_STORAGE_KEY,
  PUSH_DEVICE_ID_PATTERN,
  PUSH_ERRORS,
  PUSH_TOAST_DELAY_MS,
  PUSH_TOAST_TITLE,
  PUSH_TOKEN_MAX_AGE_MS,
  type PushClientConfig,
  type PushErrorCode,
} from '~/domain/push';
import { activeRegistration } from '../sw/service-worker';

type FcmConfig = Extract<PushClientConfig, { transport: 'fcm' }>;

export interface PushContext {
  config: PushClientConfig | null;
  /** The CSRF token of the page (the endpoint checks it). */
  csrf: string;
}

export const SUBSCRIPTION_URL = '/push/subscription';
/** The overlay shows a toast for this window event ({ title, body }). */
export const TOAST_EVENT = 'agenda:toast';
const TOKEN_KEY = 'push_token';
const TOKEN_SAVED_AT_KEY = 'push_token_updated_at';

export function logPushError(code: PushErrorCode, detail?: unknown) {
  console.warn(`[push] messaging/${code} : ${PUSH_ERRORS[code]}`, ...(detail === undefined ? [] : [detail]));
}

/** docs/specification.md §5: push works only if the browser supports service workers and notifications. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'Notification' in window && 'PushManager' in window
  );
}

export function devicePlatform(): string {
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return (data?.platform || navigator.platform || '').slice(0, 100);
}

function storage(key: string, value?: string | null): string | null {
  try {
    if (value === undefined) return localStorage.getItem(key);
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // No storage: the device gets a new id next time, which only costs one more registration.
  }
  return value ?? null;
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** docs/specification.md §3: generated once from user agent, platform and time, kept under `device_id`, 16 characters. */
export async function getDeviceId(): Promise<string> {
  const existing = storage(DEVICE_ID_STORAGE_KEY);
  if (existing && PUSH_DEVICE_ID_PATTERN.test(existing)) return existing;
  // Hashed, with randomness: two identical browsers opened at the same millisecond still differ.
  const random = crypto.getRandomValues(new Uint8Array(8)).join('.');
  const seed = `${navigator.userAgent}|${devicePlatform()}|${Date.now()}|${random}`;
  const bytes = crypto.subtle
    ? await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed))
    : crypto.getRandomValues(new Uint8Array(32)).buffer;
  const id = base64url(bytes).slice(0, DEVICE_ID_LENGTH);
  storage(DEVICE_ID_STORAGE_KEY, id);
  return id;
}

async function post(ctx: PushContext, fields: Record<string, string>): Promise<boolean> {
  const body = new FormData();
  body.set('csrf', ctx.csrf);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  try {
    const response = await fetch(SUBSCRIPTION_URL, { method: 'POST', body, credentials: 'same-origin' });
    return response.ok;
  } catch {
    return false;
  }
}

function sameKey(subscription: PushSubscription, key: string): boolean {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true;
  return base64url(current) === key.replace(/=+$/, '');
}

interface ObtainedToken {
  token: string;
  renewed: boolean;
}

/** Web Push: the browser's own subscription with our VAPID key, as JSON (endpoint and keys). */
async function webPushToken(
  vapidPublicKey: string,
  registration: ServiceWorkerRegistration,
  expired: boolean,
): Promise<ObtainedToken | null> {
  let subscription = await registration.pushManager.getSubscription().catch(() => null);
  let renewed = false;
  if (subscription && (!sameKey(subscription, vapidPublicKey) || expired)) {
    // Replaced when older than 7 days, and at once when the server's key changed.
    const dropped = await subscription.unsubscribe().catch((error) => {
      logPushError('token-unsubscribe-failed', error);
      return false;
    });
    if (dropped) subscription = null;
    renewed = true;
  }
  if (!subscription) {
    try {
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: fromBase64url(vapidPublicKey),
      });
    } catch (error) {
      logPushError('token-subscribe-failed', error);
      return null;
    }
    if (!subscription) {
      logPushError('token-subscribe-no-token');
      return null;
    }
  }
  const token = JSON.stringify(subscription.toJSON());
  if (!token || token === '{}') {
    logPushError(renewed ? 'token-update-no-token' : 'token-subscribe-no-token');
    return null;
  }
  return { token, renewed };
}

/** Firebase Messaging of the web app, loaded only here (an admin's device with FCM): never on public pages. */
async function fcmMessaging(config: FcmConfig) {
  const [{ getApp, getApps, initializeApp }, messaging] = await Promise.all([
    import('firebase/app'),
    import('firebase/messaging'),
  ]);
  const name = 'agenda-push';
  const app = getApps().some((a) => a.name === name) ? getApp(name) : initializeApp(config.firebase, name);
  return { messaging: messaging.getMessaging(app), ...messaging };
}

/** FCM: the registration token `firebase/messaging` gets for our service worker (docs/specification.md §7 path). */
async function fcmToken(
  config: FcmConfig,
  registration: ServiceWorkerRegistration,
  expired: boolean,
): Promise<ObtainedToken | null> {
  try {
    const { messaging, getToken, deleteToken } = await fcmMessaging(config);
    if (expired) await deleteToken(messaging).catch((error) => logPushError('token-unsubscribe-failed', error));
    const token = await getToken(messaging, {
      vapidKey: config.vapidPublicKey,
      serviceWorkerRegistration: registration,
    });
    if (!token) {
      logPushError('token-subscribe-no-token');
      return null;
    }
    return { token, renewed: expired };
  } catch (error) {
    logPushError('token-subscribe-failed', error);
    return null;
  }
}

/** A visitor's browser (« Ça a lieu ? »): its subscription with our key, once permission is granted; null otherwise. */
export async function browserPushToken(config: PushClientConfig): Promise<string | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  const registration = await activeRegistration();
  if (!registration) return null;
  const obtained =
    config.transport === 'fcm'
      ? await fcmToken(config, registration, false)
      : await webPushToken(config.vapidPublicKey, registration, false);
  return obtained?.token ?? null;
}

export type SetupOutcome = 'registered' | 'unchanged' | 'unavailable';

/**
 * Sets push up when permission is granted (never asks: only a user gesture may, see requestPushPermission).
 * Revalidates the device's token: a new or changed subscription is saved in the account; one older than 7 days is
 * replaced. 'registered' when a token was saved.
 */
export async function setupPush(ctx: PushContext, options: { forceSave?: boolean } = {}): Promise<SetupOutcome> {
  if (!pushSupported()) {
    logPushError('unsupported-browser');
    return 'unavailable';
  }
  if (!ctx.config?.vapidPublicKey) {
    logPushError('missing-config', 'vapidPublicKey');
    return 'unavailable';
  }
  if (Notification.permission === 'denied') {
    logPushError('permission-blocked');
    return 'unavailable';
  }
  if (Notification.permission !== 'granted') {
    logPushError('permission-default');
    return 'unavailable';
  }
  if (ctx.config.transport === 'fcm' && !('indexedDB' in window)) {
    logPushError('indexed-db-unsupported');
    return 'unavailable';
  }
  const registration = await activeRegistration();
  if (!registration) {
    logPushError('failed-service-worker-registration');
    return 'unavailable';
  }
  const deviceId = await getDeviceId();
  const savedAt = Number(storage(TOKEN_SAVED_AT_KEY) ?? 0);
  // docs/specification.md §9: a token is refreshed after 7 days.
  const expired = Boolean(savedAt && Date.now() - savedAt > PUSH_TOKEN_MAX_AGE_MS);
  const obtained =
    ctx.config.transport === 'fcm'
      ? await fcmToken(ctx.config, registration, expired)
      : await webPushToken(ctx.config.vapidPublicKey, registration, expired);
  if (!obtained) return 'unavailable';
  const { token, renewed } = obtained;
  if (!options.forceSave && !renewed && token === storage(TOKEN_KEY)) return 'unchanged';
  const saved = await post(ctx, {
    intent: 'save',
    deviceId,
    token,
    userAgent: navigator.userAgent.slice(0, 300),
    platform: devicePlatform(),
  });
  if (!saved) {
    logPushError('token-update-failed');
    return 'unavailable';
  }
  storage(TOKEN_KEY, token);
  storage(TOKEN_SAVED_AT_KEY, String(Date.now()));
  return 'registered';
}

/** docs/specification.md §4 forced regeneration: the old token is deleted, the stored token fields cleared, and a new one requested. */
export async function regeneratePushToken(ctx: PushContext): Promise<SetupOutcome> {
  const deviceId = await getDeviceId();
  if (!(await post(ctx, { intent: 'forget', deviceId }))) logPushError('token-update-failed');
  storage(TOKEN_KEY, null);
  storage(TOKEN_SAVED_AT_KEY, null);
  if (ctx.config?.transport === 'fcm') {
    // FCM keeps its token in IndexedDB: it must forget it, or getToken would hand the old one back.
    const config = ctx.config;
    await fcmMessaging(config)
      .then(({ messaging, deleteToken }) => deleteToken(messaging))
      .catch((error) => logPushError('token-unsubscribe-failed', error));
  }
  const registration = pushSupported() ? await activeRegistration() : null;
  const current = await registration?.pushManager.getSubscription().catch(() => null);
  if (current) {
    await current.unsubscribe().catch((error) => logPushError('token-unsubscribe-failed', error));
  }
  return setupPush(ctx, { forceSave: true });
}

/** Asks for permission (call it from a click: browsers only allow a user gesture to ask). */
export async function requestPushPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!pushSupported()) {
    logPushError('unsupported-browser');
    return 'unsupported';
  }
  return Notification.requestPermission();
}

/** docs/specification.md §9: the toast 'Notifications activées' shows 2 s after setup. */
export function announceActivation() {
  setTimeout(() => {
    window.dispatchEvent(
      new CustomEvent(TOAST_EVENT, {
        detail: { title: PUSH_TOAST_TITLE, body: 'Cet appareil sera averti de chaque nouvel événement à modérer.' },
      }),
    );
  }, PUSH_TOAST_DELAY_MS);
}
