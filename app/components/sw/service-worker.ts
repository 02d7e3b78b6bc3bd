// The page's side of the service worker (docs/specification.md §4, §7): registration at /firebase-messaging-sw.js, reload when a new
// worker takes over a page it already controlled, forced update, messages, and the app badge. Loaded after the page.
import {
  SERVICE_WORKER_URL,
  SW_ACTIVATION_TIMEOUT_MS,
  SW_FORCED_UPDATE_RELOAD_MS,
  SW_FORCED_UPDATE_WAIT_MS,
} from '~/domain/push';

export type WorkerMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'UPDATE_BADGE'; count: number }
  | { type: 'CHECK_APP_ACTIVE' }
  | { type: 'TEST_NOTIFICATION' };

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

/** Registers the worker once per page; a new version that installs while a worker controls the page reloads it. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return Promise.resolve(null);
  registering ??= (async () => {
    const container = navigator.serviceWorker;
    let controlled = Boolean(container.controller);
    let reloading = false;
    container.addEventListener('controllerchange', () => {
      // The first worker taking control of a fresh page is no update: no reload then, but the next change is one.
      if (!controlled) {
        controlled = true;
        return;
      }
      if (reloading) return;
      reloading = true;
      window.location.reload();
    });
    try {
      const registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
      const watch = (worker: ServiceWorker | null) => {
        if (!worker) return;
        const onState = () => {
          // docs/specification.md §4: a new worker installed while one controls the page → it takes over, and the page reloads.
          if (worker.state === 'installed' && container.controller) worker.postMessage({ type: 'SKIP_WAITING' });
        };
        worker.addEventListener('statechange', onState);
        onState();
      };
      watch(registration.waiting ?? registration.installing);
      registration.addEventListener('updatefound', () => watch(registration.installing));
      return registration;
    } catch (error) {
      console.warn('[push] messaging/failed-service-worker-registration', error);
      return null;
    }
  })();
  return registering;
}

/** The registration once a worker is active, or null after the 10 s activation timeout of docs/specification.md §9. */
export async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  await registerServiceWorker();
  return Promise.race([navigator.serviceWorker.ready, wait(SW_ACTIVATION_TIMEOUT_MS).then(() => null)]);
}

/** Sends a message to the active worker and waits for its answer (null when there is none within the delay). */
export async function postToServiceWorker(message: WorkerMessage, timeoutMs = 3_000): Promise<unknown> {
  const registration = await activeRegistration();
  const worker = navigator.serviceWorker?.controller ?? registration?.active;
  if (!worker) return null;
  const channel = new MessageChannel();
  const answer = new Promise((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data);
  });
  worker.postMessage(message, [channel.port2]);
  return Promise.race([answer, wait(timeoutMs).then(() => null)]);
}

/** The app badge (installed app, docs/specification.md §9) shows the count; 0 or null clears it. The worker keeps it for pushes. */
export async function syncAppBadge(count: number | null): Promise<void> {
  const value = count && count > 0 ? count : 0;
  try {
    if (value > 0) await navigator.setAppBadge?.(value);
    else await navigator.clearAppBadge?.();
  } catch {
    // Not allowed here (no installed app, no permission): nothing to show.
  }
  if (supported() && navigator.serviceWorker.controller) {
    navigator.serviceWorker.controller.postMessage({ type: 'UPDATE_BADGE', count: value });
  }
}

/** docs/specification.md §4 forced update: unregister every worker, clear the caches, wait 1 s, register again, reload after 2 s. */
export async function forceServiceWorkerUpdate(): Promise<void> {
  if (supported()) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((r) => r.unregister()));
  }
  if (typeof caches !== 'undefined') {
    const keys = await caches.keys();
    await Promise.all(keys.map((key) => caches.delete(key)));
  }
  await wait(SW_FORCED_UPDATE_WAIT_MS);
  registering = null;
  if (supported()) await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  setTimeout(() => window.location.reload(), SW_FORCED_UPDATE_RELOAD_MS);
}
