// The service worker (docs/specification.md §4, §7): registered at /firebase-messaging-sw.js, answers SKIP_WAITING, UPDATE_BADGE,
// CHECK_APP_ACTIVE and TEST_NOTIFICATION; the forced update re-registers it and reloads; the app can be installed.
import type { Page } from '@playwright/test';
import { pendingEventMessage } from '../../app/.server/push/devices';
import { chromium } from '../support/chromium';
import { expect, test } from './fixtures';

// Notifications and push go through the browser's own services, which the headless shell the other specs use lacks
// (permission, push, the worker's messages): these tests run in the full Chromium (tests/support/chromium.ts).
test.use({ launchOptions: chromium });

/** Posts a message to the active worker over a MessageChannel and returns its answer. */
function ask(page: Page, message: Record<string, unknown>) {
  return page.evaluate(async (m) => {
    const registration = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => {
      channel.port1.onmessage = (event) => resolve(event.data);
    });
    registration.active?.postMessage(m, [channel.port2]);
    return answer;
  }, message);
}

const registration = (page: Page) =>
  page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return { script: r.active?.scriptURL ?? null, scope: r.scope };
  });

test.describe('service worker', () => {
  test('enregistré à /firebase-messaging-sw.js, il répond à chaque message @js-only', async ({ page, baseURL }) => {
    await page.goto('/');
    expect(await registration(page)).toEqual({ script: `${baseURL}/firebase-messaging-sw.js`, scope: `${baseURL}/` });
    // It takes control of the page it was registered from (no reload needed).
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    expect(await ask(page, { type: 'SKIP_WAITING' })).toEqual({ type: 'SKIP_WAITING', ok: true });
    expect(await ask(page, { type: 'UPDATE_BADGE', count: 7 })).toMatchObject({
      type: 'UPDATE_BADGE',
      ok: true,
      count: 7,
    });
    expect(await ask(page, { type: 'UPDATE_BADGE', count: -3 })).toMatchObject({ count: 0 });
    const active = (await ask(page, { type: 'CHECK_APP_ACTIVE' })) as {
      ok: boolean;
      clients: number;
      visible: boolean;
    };
    expect(active).toMatchObject({ type: 'CHECK_APP_ACTIVE', ok: true, visible: true });
    expect(active.clients).toBeGreaterThanOrEqual(1);
    // Without the permission, the test notification cannot be shown, and says so.
    expect(await ask(page, { type: 'TEST_NOTIFICATION' })).toMatchObject({ type: 'TEST_NOTIFICATION', ok: false });
    expect(await ask(page, { type: 'AUTRE' })).toMatchObject({ ok: false });
  });

  test('une nouvelle version installée alors qu’un worker contrôle la page la recharge @js-only', async ({ page }) => {
    await page.goto('/faq');
    await registration(page);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'avant';
    });
    // A release: the same scope gets a new worker script (here the same file under another address; back on the
    // reloaded page, the app registers its usual address again, which is one more update and one more reload).
    await page
      .evaluate(() => navigator.serviceWorker.register('/firebase-messaging-sw.js?version=2', { scope: '/' }))
      .catch(() => 'rechargée pendant l’appel');
    const marker = () =>
      page
        .evaluate(() => (window as unknown as { marker?: string }).marker ?? 'rechargée')
        .catch(() => 'en cours de navigation');
    await expect.poll(marker, { timeout: 15_000 }).toBe('rechargée');
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)).catch(() => false))
      .toBe(true);
  });

  test('TEST_NOTIFICATION affiche une notification quand elles sont autorisées @js-only', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.goto('/about');
    await registration(page);
    expect(await ask(page, { type: 'TEST_NOTIFICATION' })).toEqual({ type: 'TEST_NOTIFICATION', ok: true });
    const shown = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return (await r.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url?: string }).url,
      }));
    });
    expect(shown).toContainEqual({
      title: 'Test Notification',
      body: 'Les notifications de cet appareil fonctionnent.',
      url: '/admin',
    });
  });

  test('un push reçu sans page du site au premier plan affiche la notification de l’événement et met le badge @js-only', async ({
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    const site = await context.newPage();
    await site.goto('/about');
    await registration(site);
    // DevTools delivers a push to the worker (what a push service does), from a tab that is not the site's.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const id = await registrationId;
    const deliver = (eventId: string, pending: number) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL ?? '',
        registrationId: id,
        data: JSON.stringify(pendingEventMessage({ id: eventId, title: `Concert ${eventId}` }, pending, baseURL ?? '')),
      });
    const shown = (page: Page) =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url?: string }).url,
        })),
      );

    // A page of the site has the focus: its overlay shows it, only the badge moves. The DevTools tab opened last may
    // have taken the focus: give it back, and wait until the worker sees it.
    await site.bringToFront();
    await expect
      .poll(async () => ((await ask(site, { type: 'CHECK_APP_ACTIVE' })) as { active: boolean }).active)
      .toBe(true);
    await deliver('focus', 3);
    await expect.poll(async () => ((await ask(site, { type: 'CHECK_APP_ACTIVE' })) as { badge: number }).badge).toBe(3);
    expect(await shown(site)).toEqual([]);

    // No page of the site open: a system notification, with the link to the event in the moderation queue.
    await site.close();
    await deliver('ferme', 4);
    const again = await context.newPage();
    await again.goto('/faq');
    await expect
      .poll(() => shown(again))
      .toEqual([{ title: 'Nouvel événement à modérer', body: 'Concert ferme', url: '/admin/events?eventId=ferme' }]);
  });

  test('« Forcer MAJ SW » désinscrit, réinscrit le service worker et recharge la page @js-only', async ({
    page,
    createUser,
    loginAs,
  }) => {
    await loginAs(page, await createUser({ role: 'admin' }));
    await page.goto('/admin?debug=1');
    await registration(page);
    await page.evaluate(async () => {
      (window as unknown as { marker: string }).marker = 'avant';
      await caches.open('agenda-test').then((c) => c.put('/x', new Response('x')));
    });
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await page
      .getByRole('region', { name: 'Débogage des notifications' })
      .getByRole('button', { name: 'Forcer MAJ SW' })
      .click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
    expect(await page.evaluate(() => caches.keys())).toEqual([]);
    expect((await registration(page)).script).toMatch(/\/firebase-messaging-sw\.js$/);
  });

  test('le script du worker et le manifeste sont revérifiés à chaque usage ; le manifeste décrit l’app installable @http', async ({
    request,
  }) => {
    const worker = await request.get('/firebase-messaging-sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');

    const html = await (await request.get('/')).text();
    expect(html).toContain('rel="manifest" href="/manifest.webmanifest"');
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toMatch(/application\/manifest\+json/);
    const data = (await manifest.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(data).toMatchObject({ short_name: 'Agenda romand', start_url: '/', display: 'standalone', lang: 'fr-CH' });
    for (const size of ['192x192', '512x512'])
      expect(data.icons.some((i) => i.sizes === size && i.purpose === 'any')).toBe(true);
    expect(data.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of data.icons) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
    }
    expect((await request.get('/icons/badge-96.png')).status()).toBe(200);
  });
});
