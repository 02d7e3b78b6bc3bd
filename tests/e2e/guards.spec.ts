import { expect, type TestUser, test } from './fixtures';
import { loginWithForm, logout } from './utils';

/** The pages that need a session, for an organizer who owns one event. */
const loginRequired = (ownedId: string) => [
  '/dashboard',
  '/organizer/dashboard',
  '/organizer/profile',
  '/organizer/submit-event',
  `/organizer/edit-event/${ownedId}`,
  `/organizer/event-confirmation/${ownedId}`,
  '/payment/success',
];
const ADMIN_ONLY = [
  '/admin',
  '/admin/categories',
  '/admin/events?eventId=abc',
  '/admin/partners',
  '/admin/lieux',
  '/admin/organisateurs',
  '/admin/users',
];
const ANONYMOUS_ONLY = ['/auth/login', '/auth/register', '/auth/forgot-password'];

test.describe('gardes des routes', () => {
  let organizer: TestUser;
  let owned: string;
  test.beforeEach(async ({ createUser, createEvent }) => {
    organizer = await createUser();
    owned = (await createEvent({ createdBy: organizer.uid })).id;
  });

  test('un visiteur est envoyé vers la connexion avec la page voulue en redirect @once', async ({ page }) => {
    for (const route of [...loginRequired(owned), ...ADMIN_ONLY]) {
      await page.goto(route);
      const url = new URL(page.url());
      expect(url.pathname, route).toBe('/auth/login');
      expect(url.searchParams.get('redirect'), route).toBe(route);
    }
  });

  test('après connexion, retour à la page voulue @journey @hosting', async ({ page }) => {
    await page.goto('/organizer/profile');
    await expect(page).toHaveURL('/auth/login?redirect=%2Forganizer%2Fprofile');
    await page.getByLabel('Adresse email').fill(organizer.email);
    await page.getByLabel('Mot de passe').fill('mauvais-mot-de-passe');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
    await expect(page.getByLabel('Adresse email')).toHaveValue(organizer.email);
    await expect(page.getByLabel('Mot de passe')).toHaveValue('');
    await page.getByLabel('Mot de passe').fill(organizer.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL('/organizer/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon profil');
  });

  test('un redirect vers un autre site est ignoré : l’organisateur arrive à son tableau de bord @once', async ({
    page,
  }) => {
    await loginWithForm(page, organizer, '//evil.example/piege');
    await expect(page).toHaveURL('/dashboard');
  });

  test('un organisateur accède à son espace, pas à l’admin, ni aux pages de connexion @once', async ({
    page,
    loginAs,
  }) => {
    await loginAs(page, organizer);
    for (const route of loginRequired(owned)) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(200);
      expect(response?.headers()['cache-control'], route).toBe('private, no-store');
      expect(new URL(page.url()).pathname, route).toBe(route);
    }
    for (const route of [...ADMIN_ONLY, ...ANONYMOUS_ONLY]) {
      await page.goto(route);
      expect(new URL(page.url()).pathname, route).toBe('/');
    }
    await page.getByTestId('burger').click();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
    await expect(menu.getByRole('link', { name: /Panneau Admin/ })).toHaveCount(0);
  });

  test('un admin voit le panneau, le badge et le compte en attente dans le titre @once', async ({
    page,
    ports,
    signIn,
  }) => {
    await signIn({ role: 'admin' });
    // Pending events and pending revisions of public ones (decision 029).
    expect(await ports.store.events.countAwaitingModeration()).toBeGreaterThan(0);
    for (const route of [...ADMIN_ONLY, ...loginRequired(owned)]) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(200);
    }
    // The store's count of what awaits moderation, in the title and the badge (other tests may submit or moderate meanwhile:
    // then both are read again).
    await expect(async () => {
      const n = await ports.store.events.countAwaitingModeration();
      await page.goto('/evenements');
      await expect(page).toHaveTitle(new RegExp(`^\\(${n}\\) `), { timeout: 1_000 });
      await page.getByTestId('burger').click();
      await expect(page.getByTestId('pending-badge')).toHaveText(String(n), { timeout: 1_000 });
    }).toPass({ intervals: [500, 1_000, 2_000], timeout: 20_000 });
  });

  test('la déconnexion révoque la session : le cookie rejoué ne sert plus à rien @journey @hosting', async ({
    page,
    context,
    loginAs,
  }) => {
    await loginAs(page, organizer);
    await page.goto('/dashboard');
    const session = (await context.cookies()).find((c) => c.name === '__session');
    expect(session).toBeDefined();
    await page.getByTestId('burger').click();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL('/');
    await context.addCookies([session!]);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/auth/login?redirect=%2Fdashboard');
  });

  test('un onglet resté ouvert pendant une nouvelle connexion : « Déconnexion » ramène à l’accueil avec le message, pas un texte brut @hosting', async ({
    page,
    loginAs,
  }) => {
    await loginAs(page, organizer);
    await page.goto('/dashboard');
    // Logged in again in another tab: a new session, whose token this page's forms do not carry.
    await loginAs(page, organizer);
    await page.getByTestId('burger').click();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('flash')).toHaveText(
      'Votre session de formulaire a expiré. Rechargez la page et réessayez.',
    );
    // Nothing was done: still signed in, and the fresh page's form logs out.
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/dashboard');
    await logout(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/auth/login?redirect=%2Fdashboard');
  });
});
