// An error on an admin screen (here the page of a source that does not exist, a 404 of its loader) is shown under the
// admin navigation, so the admin goes on to another screen; anyone else is refused as before, without that navigation.
import { expect, test } from './fixtures';

const UNKNOWN_SOURCE = '/admin/sources/source-qui-n-existe-pas';

test.describe('erreurs de l’administration', () => {
  test('une page admin introuvable garde la navigation admin, qui mène à un autre écran', async ({ page, people }) => {
    await people.signIn({ role: 'admin' });
    const response = await page.goto(UNKNOWN_SOURCE);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await expect(page.getByText('Cette page n’existe pas ou plus.')).toBeVisible();
    const adminNav = page.getByRole('navigation', { name: 'Administration' });
    for (const screen of ['Vue d’ensemble', 'Modération', 'Catégories', 'Partenaires', 'Sources', 'Utilisateurs']) {
      await expect(adminNav.getByRole('link', { name: screen, exact: true })).toBeVisible();
    }
    await adminNav.getByRole('link', { name: 'Utilisateurs', exact: true }).click();
    await expect(page).toHaveURL('/admin/users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Utilisateurs');
  });

  test('un organisateur sur la même adresse est renvoyé à l’accueil, sans navigation admin @once', async ({
    page,
    people,
  }) => {
    await people.signIn();
    await page.goto(UNKNOWN_SOURCE);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toHaveCount(0);
  });

  test('un visiteur sur la même adresse est envoyé vers la connexion @once', async ({ page }) => {
    await page.goto(UNKNOWN_SOURCE);
    await expect(page).toHaveURL(`/auth/login?redirect=${encodeURIComponent(UNKNOWN_SOURCE)}`);
    await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
  });
});
