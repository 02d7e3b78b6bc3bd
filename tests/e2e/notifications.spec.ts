// The admin's in-app notifications overlay (docs/specification.md §2, §3, §4, §9): newest on top, removed after 10 s or when
// dismissed, the unread badge never below 0, 'Voir' to the event; the debug panel hidden by default.
import type { Page } from '@playwright/test';
import { chromium } from '../support/chromium';
import { expect, test } from './fixtures';
import { submitFromOwnBrowser, unique, watchPendingCountAsAdmin } from './utils';

// Notifications and push go through the browser's own services, which the headless shell the other specs use lacks
// (permission, push, the worker's messages): these tests run in the full Chromium (tests/support/chromium.ts).
test.use({ launchOptions: chromium });

const unread = (page: Page) => page.getByTestId('notifications-unread');
const notifications = (page: Page) => page.getByTestId('notification');
const debugPanel = (page: Page) => page.getByRole('region', { name: 'Débogage des notifications' });

test.describe('notifications dans l’application', () => {
  test('chaque notification reste 10 s ; fermer puis expirer ne fait jamais passer le compteur sous 0 @js-only', async ({
    page,
    signIn,
  }) => {
    await signIn({ role: 'admin' });
    // Only this test's notifications: a submission by a test running beside it would reach this admin live too.
    await page.route('**/admin/live', (route) => route.abort());
    await page.clock.install();
    await page.goto('/admin?debug=1');
    await expect(debugPanel(page)).toBeVisible();
    // Time stands still from here: only fastForward moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    const test = debugPanel(page).getByRole('button', { name: 'Test Notification' });

    await test.click();
    await expect(notifications(page)).toHaveCount(1);
    await expect(notifications(page).first()).toContainText('Test Notification');
    await expect(unread(page)).toHaveText('1');

    await page.clock.fastForward(9_000);
    await expect(notifications(page)).toHaveCount(1);
    await test.click();
    await expect(notifications(page)).toHaveCount(2);
    await expect(unread(page)).toHaveText('2');

    // The first one's 10 s are up; the second (newest, on top) stays.
    await page.clock.fastForward(1_500);
    await expect(notifications(page)).toHaveCount(1);
    await expect(unread(page)).toHaveText('1');

    // Dismissed before its time: the badge goes down once, and its timer later changes nothing.
    await notifications(page)
      .first()
      .getByRole('button', { name: 'Fermer la notification « Test Notification »' })
      .click();
    await expect(notifications(page)).toHaveCount(0);
    await expect(unread(page)).toHaveText('0');
    await expect(unread(page)).toBeHidden();
    await page.clock.fastForward(20_000);
    await expect(unread(page)).toHaveText('0');
  });

  test('une soumission arrive en haut de l’overlay ; « Voir » ouvre l’événement dans la modération @js-only', async ({
    page,
    people,
  }) => {
    // The live stream is open once the page shows the pending count in its title.
    await watchPendingCountAsAdmin(page, people.signIn);

    const title = unique('Atelier de vannerie');
    const { organizer, id } = await submitFromOwnBrowser(people, title);
    await organizer.context().close();

    // Other tests submit too: find ours by its title.
    const ours = notifications(page).filter({ hasText: title });
    await expect(ours).toBeVisible({ timeout: 5_000 });
    await expect(ours.getByRole('heading')).toHaveText('Nouvel événement à modérer');
    expect(Number(await unread(page).textContent())).toBeGreaterThanOrEqual(1);
    await ours.getByRole('button', { name: 'Voir' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/events\\?eventId=${id}$`));
    await expect(ours).toHaveCount(0);
  });

  test('le panneau de débogage est caché par défaut, et absent pour un organisateur @js-only', async ({
    page,
    people,
  }) => {
    await people.signIn({ role: 'admin' });
    await page.goto('/admin');
    await expect(page.getByTestId('notifications')).toBeAttached();
    await expect(page.getByTestId('debug-panel')).toBeAttached();
    await expect(debugPanel(page)).toBeHidden();
    await page.goto('/admin?debug=1');
    for (const name of ['Forcer MAJ SW', 'Diagnostic Avancé', 'Test Notification'])
      await expect(debugPanel(page).getByRole('button', { name })).toBeVisible();
    await debugPanel(page).getByRole('button', { name: 'Diagnostic Avancé' }).click();
    const output = page.getByTestId('debug-output');
    await expect(output).toContainText('Diagnostic');
    await expect(output).toContainText('/firebase-messaging-sw.js');
    await expect(output).toContainText('"notificationPermission": "default"');

    const organizer = await people.pageAs(await people.createUser());
    await organizer.goto('/?debug=1');
    await expect(organizer.getByTestId('notifications')).toHaveCount(0);
    await expect(organizer.getByTestId('debug-panel')).toHaveCount(0);
    await organizer.close();
  });

  test('le bouton d’activation des notifications est au tableau de bord et au profil des admins seulement @js-only', async ({
    page,
    people,
  }) => {
    await people.signIn({ role: 'admin' });
    for (const path of ['/admin', '/organizer/profile']) {
      await page.goto(path);
      const settings = page.getByRole('region', { name: 'Notifications sur cet appareil' });
      await expect(settings).toContainText('pas encore activées');
      await expect(settings.getByRole('button', { name: 'Activer les notifications' })).toBeVisible();
    }
    const organizer = await people.pageAs(await people.createUser());
    await organizer.goto('/organizer/profile');
    await expect(organizer.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(organizer.getByRole('region', { name: 'Notifications sur cet appareil' })).toHaveCount(0);
    await organizer.close();
  });
});
