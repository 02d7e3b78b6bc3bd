// Service worker of Agenda romand, at the path docs/specification.md §7 names (/firebase-messaging-sw.js). It shows the pushed
// notifications (Web Push payloads and FCM messages have the same shape: notification, data, fcmOptions.link),
// except an admin's while a page of the site has the focus (its overlay shows them; a visitor's « Ça a lieu ? » shows
// always); opens or focuses the right page on a click; keeps the app badge at the pending count; answers the page's
// messages SKIP_WAITING, UPDATE_BADGE {count}, CHECK_APP_ACTIVE and TEST_NOTIFICATION. No fetch handler: pages always come from the network.
const DEFAULT_TITLE = 'Nouvelle notification';
const DEFAULT_URL = '/admin/events';
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

let badgeCount = 0;

// A new version waits until the page asks it to take over (SKIP_WAITING): the page then reloads.
self.addEventListener('install', () => {});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

async function setBadge(count) {
  badgeCount = Math.max(0, Math.floor(Number(count) || 0));
  const nav = self.navigator;
  if (!nav || typeof nav.setAppBadge !== 'function') return false;
  try {
    if (badgeCount > 0) await nav.setAppBadge(badgeCount);
    else await nav.clearAppBadge();
    return true;
  } catch {
    return false;
  }
}

async function windowClients() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/** Where a click leads: a page of this site only (the event in the moderation queue by default). */
function targetUrl(data) {
  const d = data || {};
  const wanted =
    d.url || d.link || (d.eventId ? `/admin/events?eventId=${encodeURIComponent(d.eventId)}` : DEFAULT_URL);
  try {
    const url = new URL(wanted, self.location.origin);
    if (url.origin === self.location.origin) return url.href;
    // An absolute link of the public site (FCM link options) keeps its path here.
    return new URL(url.pathname + url.search, self.location.origin).href;
  } catch {
    return new URL(DEFAULT_URL, self.location.origin).href;
  }
}

function showMessage(message) {
  const notification = message.notification || {};
  const data = Object.assign({}, message.data || {});
  // FCM puts the click link in fcmOptions (or, from older senders, notification.click_action).
  const link = message.fcmOptions?.link || notification.click_action;
  if (link && !data.url) data.link = link;
  const options = {
    body: notification.body || '',
    icon: notification.icon || ICON,
    badge: notification.badge || BADGE,
    data,
    lang: 'fr-CH',
  };
  if (notification.image) options.image = notification.image;
  if (data.eventId) options.tag = `event-${data.eventId}`;
  return self.registration.showNotification(notification.title || DEFAULT_TITLE, options);
}

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { notification: { body: event.data ? event.data.text() : '' } };
  }
  const data = message.data || {};
  // « Ça a lieu ? » (a visitor's browser): always shown, the admins' badge left as it is.
  if (data.type === 'day_status') {
    event.waitUntil(showMessage(message));
    return;
  }
  const count = data.pendingCount !== undefined ? Number(data.pendingCount) : badgeCount + 1;
  event.waitUntil(
    (async () => {
      await setBadge(count);
      // The admin looking at the site already gets it in the page's overlay: no second, system notification then
      // (browsers require one only when no page of the site is visible).
      const windows = await windowClients();
      if (windows.some((client) => client.visibilityState === 'visible' && client.focused)) return;
      await showMessage(message);
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await windowClients();
      const same = windows.find((client) => client.url === url);
      if (same) return same.focus();
      const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (ours) {
        try {
          const focused = await ours.focus();
          return await focused.navigate(url);
        } catch {
          // A page this worker does not control cannot be navigated: open a new one.
        }
      }
      return self.clients.openWindow(url);
    })(),
  );
});

function reply(event, message) {
  if (event.ports?.[0]) event.ports[0].postMessage(message);
  else if (event.source) event.source.postMessage(message);
}

self.addEventListener('message', (event) => {
  const message = event.data || {};
  const answer = async () => {
    switch (message.type) {
      case 'SKIP_WAITING':
        await self.skipWaiting();
        return { type: 'SKIP_WAITING', ok: true };
      case 'UPDATE_BADGE': {
        const supported = await setBadge(message.count);
        return { type: 'UPDATE_BADGE', ok: true, count: badgeCount, supported };
      }
      case 'CHECK_APP_ACTIVE': {
        const windows = await windowClients();
        return {
          type: 'CHECK_APP_ACTIVE',
          ok: true,
          active: windows.some((client) => client.visibilityState === 'visible' && client.focused),
          visible: windows.some((client) => client.visibilityState === 'visible'),
          clients: windows.length,
          badge: badgeCount,
        };
      }
      case 'TEST_NOTIFICATION':
        await showMessage({
          notification: { title: 'Test Notification', body: 'Les notifications de cet appareil fonctionnent.' },
          data: { type: 'test', url: '/admin' },
        });
        return { type: 'TEST_NOTIFICATION', ok: true };
      default:
        return { type: String(message.type), ok: false, error: 'message inconnu' };
    }
  };
  event.waitUntil(
    answer()
      .catch((error) => ({ type: String(message.type), ok: false, error: String(error?.message) }))
      .then((result) => reply(event, result)),
  );
});
