// On Firebase: register → submit → an admin approves → the public list shows it. Accounts in the Auth emulator,
// data in Firestore (read back here with firebase-admin to prove where it went).
import { expect, test } from '@playwright/test';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { fillEvent, login, register, unique, uniqueEmail } from '../e2e/utils';

const app = initializeApp({ projectId: 'demo-agenda-romand' }, 'journey');
test.afterAll(() => deleteApp(app));

test('inscription → soumission → l’admin approuve → la liste publique le montre', async ({ page, browser }) => {
  const email = uniqueEmail('firestore');
  await register(page, 'Chœur de Saint-Imier', email, 'une phrase de passe solide');
  await expect(page).toHaveURL('/dashboard');
  const account = await getAuth(app).getUserByEmail(email);
  expect(account.displayName).toBe('Chœur de Saint-Imier');
  const profile = await getFirestore(app).collection('users').doc(account.uid).get();
  expect(profile.data()).toMatchObject({ email, role: 'organizer', supported: false });

  const title = unique('Concert de l’Avent sur Firebase');
  await page.goto('/organizer/submit-event');
  await fillEvent(page, title);
  await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
  const id = page.url().split('/').at(-1) as string;
  const stored = await getFirestore(app).collection('events').doc(id).get();
  expect(stored.data()).toMatchObject({ title, status: 'pending', createdBy: account.uid });

  const visitor = await browser.newPage();
  await visitor.goto(`/evenements?q=${encodeURIComponent(title)}`);
  await expect(visitor.locator('.event-card__title').filter({ hasText: title })).toHaveCount(0);

  const admin = await browser.newPage();
  await login(admin, 'admin', `/admin/events?eventId=${id}`);
  const detail = admin.getByTestId('moderation-detail');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(detail.getByTestId('moderation-owner')).toContainText(email);
  await detail.getByRole('button', { name: 'Approuver' }).click();
  await expect(admin.getByTestId('flash')).toContainText(`« ${title} » est publié`);
  expect((await getFirestore(app).collection('events').doc(id).get()).get('status')).toBe('approved');

  // The public list (diacritic-insensitive prefix search, decision 016) now shows it.
  await visitor.goto('/evenements?q=concert%20avent%20firebase');
  await expect(visitor.locator('.event-card__title').filter({ hasText: title })).toBeVisible();
  await visitor.goto(`/evenement/${id}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);

  // Logout revokes the Firebase session: the old cookie no longer opens the dashboard.
  const cookies = await admin.context().cookies();
  await admin.getByTestId('burger').click();
  await admin.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(admin).toHaveURL('/');
  await admin.getByTestId('burger').click();
  await expect(admin.getByRole('link', { name: 'Connexion' })).toBeVisible();
  const replay = await browser.newContext();
  await replay.addCookies(cookies);
  const again = await replay.newPage();
  await again.goto('/admin');
  await expect(again).toHaveURL(/\/auth\/login/);
  await replay.close();
});
