// Account management (/admin/users), with and without JavaScript. The demo accounts are shared by every test running
// in parallel: their role and state are never changed here; each test registers the accounts it acts on.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, csrfToken, login, queryDb, register, uniqueEmail } from './utils';

const PASSWORD = 'trois pommes vertes à Vevey';

interface UserRow {
  uid: string;
  role: string;
  disabled: number;
  updated_at: string;
}

const userByEmail = (email: string) =>
  queryDb<UserRow>('SELECT uid, role, disabled, updated_at FROM users WHERE email = ?', email)[0];
const sessionCount = (uid: string) =>
  queryDb<{ n: number }>('SELECT COUNT(*) AS n FROM sessions WHERE uid = ?', uid)[0].n;

/** A new account, registered (and so logged in) in its own browser context. */
async function newAccount(browser: Browser, name: string): Promise<{ page: Page; email: string; uid: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail('compte');
  await register(page, name, email, PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  return { page, email, uid: userByEmail(email).uid };
}

async function asAdmin(page: Page, path = '/admin/users') {
  // With JavaScript, the serious actions ask for a confirmation first: accepted here.
  page.on('dialog', (dialog) => dialog.accept());
  await login(page, 'admin', path);
  await expect(page).toHaveURL(path);
}

test.describe('gestion des utilisateurs', () => {
  test.setTimeout(90_000);

  test('un admin trouve un compte inscrit, le fait passer admin puis le repasse organisateur', async ({
    page,
    browser,
  }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const account = await newAccount(browser, `Zoé Théâtre ${suffix}`);
    await asAdmin(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Utilisateurs');

    // Without the accents, in capitals: still found.
    await page.getByLabel('Nom ou email').fill(`ZOE THEATRE ${suffix}`);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(`/admin/users?q=ZOE+THEATRE+${suffix}&role=all&state=all`);
    await expect(page.getByTestId('users-count')).toHaveText('1 compte');
    const row = page.getByTestId(`user-${account.uid}`);
    await expect(row).toContainText(`Zoé Théâtre ${suffix}`);
    await expect(row).toContainText(account.email);
    await expect(row).toContainText('Organisateur');
    await expect(row).toContainText('Non vérifié');
    await expect(row.getByRole('cell').nth(5)).toHaveText('0');

    await row.getByRole('button', { name: 'Passer admin' }).click();
    await expect(page.getByTestId('flash')).toHaveText(`Zoé Théâtre ${suffix} a maintenant le rôle d’administrateur.`);
    // Back on the same search.
    await expect(page).toHaveURL(`/admin/users?q=ZOE+THEATRE+${suffix}`);
    await expect(row).toContainText('Administrateur');
    expect(userByEmail(account.email).role).toBe('admin');
    // The new admin reaches the admin screens at once.
    await account.page.goto('/admin/users');
    await expect(account.page).toHaveURL('/admin/users');

    // Only admins now: the filter keeps the row.
    await page.getByLabel('Rôle').selectOption('admin');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(`/admin/users?q=ZOE+THEATRE+${suffix}&role=admin&state=all`);
    await expect(page.getByTestId('users-count')).toHaveText('1 compte');
    await row.getByRole('button', { name: 'Repasser organisateur' }).click();
    await expect(page.getByTestId('flash')).toHaveText(`Zoé Théâtre ${suffix} a de nouveau le rôle d’organisateur.`);
    expect(userByEmail(account.email).role).toBe('organizer');
    // Still filtered on admins: the account has left the list.
    await expect(page).toHaveURL(`/admin/users?q=ZOE+THEATRE+${suffix}&role=admin`);
    await expect(page.getByTestId('users-count')).toHaveText('Aucun compte ne correspond à cette recherche.');
    await account.page.goto('/admin/users');
    await expect(account.page).toHaveURL('/');
    await account.page.context().close();
  });

  test('désactiver ferme la session ouverte du compte et empêche la connexion ; réactiver la permet de nouveau', async ({
    page,
    browser,
  }) => {
    const account = await newAccount(browser, 'Fanfare de Moutier');
    expect(sessionCount(account.uid)).toBe(1);
    await asAdmin(page, `/admin/users?q=${encodeURIComponent(account.email)}`);
    const row = page.getByTestId(`user-${account.uid}`);
    await row.getByRole('button', { name: 'Désactiver' }).click();
    await expect(page.getByTestId('flash')).toContainText('Le compte de Fanfare de Moutier est désactivé');
    await expect(row).toContainText('Désactivé');
    await expect(row.getByRole('button', { name: 'Réactiver' })).toBeVisible();
    expect(userByEmail(account.email).disabled).toBe(1);
    expect(sessionCount(account.uid)).toBe(0);

    // Its open session ends on the next request…
    await account.page.goto('/dashboard');
    await expect(account.page).toHaveURL('/auth/login?redirect=%2Fdashboard');
    // …and it cannot log in again.
    await account.page.getByLabel('Adresse email').fill(account.email);
    await account.page.getByLabel('Mot de passe').fill(PASSWORD);
    await account.page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(account.page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
    await expect(account.page).toHaveURL(/\/auth\/login/);
    expect(sessionCount(account.uid)).toBe(0);

    // Found among the disabled accounts, and enabled again.
    await page.getByLabel('État').selectOption('disabled');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/&state=disabled$/);
    await expect(page.getByTestId('users-count')).toHaveText('1 compte');
    await row.getByRole('button', { name: 'Réactiver' }).click();
    await expect(page.getByTestId('flash')).toContainText('Le compte de Fanfare de Moutier est réactivé');
    expect(userByEmail(account.email).disabled).toBe(0);

    await account.page.getByLabel('Mot de passe').fill(PASSWORD);
    await account.page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(account.page).toHaveURL('/dashboard');
    await account.page.context().close();
  });

  test('annuler la confirmation ne change rien @js-only', async ({ page, browser }) => {
    const account = await newAccount(browser, 'Club de pétanque');
    await login(page, 'admin', `/admin/users?q=${encodeURIComponent(account.email)}`);
    const row = page.getByTestId(`user-${account.uid}`);
    const before = userByEmail(account.email);
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await row.getByRole('button', { name: 'Passer admin' }).click();
    await row.getByRole('button', { name: 'Désactiver' }).click();
    expect(asked).toEqual([
      'Donner le rôle d’administrateur à Club de pétanque ?',
      'Désactiver le compte de Club de pétanque ? Ses sessions seront fermées immédiatement.',
    ]);
    await expect(row).toContainText('Organisateur');
    expect(userByEmail(account.email)).toEqual(before);
    expect(sessionCount(account.uid)).toBe(1);
    await account.page.context().close();
  });

  test('l’admin ne peut ni retirer son propre rôle ni désactiver son compte', async ({ page }) => {
    await asAdmin(page, `/admin/users?q=${encodeURIComponent(ACCOUNTS.admin.email)}`);
    const me = userByEmail(ACCOUNTS.admin.email);
    const row = page.getByTestId(`user-${me.uid}`);
    await expect(row).toContainText('(vous)');
    await expect(row).toContainText('Administrateur');
    // No button to do it on their own row…
    await expect(row.getByRole('button')).toHaveCount(0);

    // …and the server refuses the form posted anyway, with the reason in French.
    const csrf = await csrfToken(page);
    const refusals = {
      demote: 'Vous ne pouvez pas retirer votre propre rôle d’administrateur.',
      disable: 'Vous ne pouvez pas désactiver votre propre compte.',
    };
    for (const [intent, message] of Object.entries(refusals)) {
      const response = await page.request.post('/admin/users', {
        form: { csrf, intent, uid: me.uid },
        maxRedirects: 0,
      });
      expect(response.status(), intent).toBe(400);
      const html = await response.text();
      expect(html, intent).toContain(message);
      expect(html, intent).toContain('data-testid="users-error"');
    }
    expect(userByEmail(ACCOUNTS.admin.email)).toEqual(me);
    // Still logged in as an admin.
    await page.reload();
    await expect(page.getByTestId(`user-${me.uid}`)).toContainText('(vous)');
  });

  test('un organisateur et un visiteur ne peuvent rien changer', async ({ page, browser, request }) => {
    const account = await newAccount(browser, 'Cible des essais');
    await login(page, 'organizer');
    await page.goto('/organizer/profile');
    const csrf = await csrfToken(page);
    expect(csrf).not.toBe('');
    const before = userByEmail(account.email);
    const organizer = userByEmail(ACCOUNTS.organizer.email);
    for (const intent of ['promote', 'demote', 'disable', 'enable']) {
      const form = { csrf, intent, uid: account.uid };
      const asOrganizer = await page.request.post('/admin/users', { form, maxRedirects: 0 });
      expect(asOrganizer.status(), intent).toBe(302);
      expect(asOrganizer.headers().location, intent).toBe('/');
      const asVisitor = await request.post('/admin/users', { form, maxRedirects: 0 });
      expect(asVisitor.status(), intent).toBe(302);
      expect(asVisitor.headers().location, intent).toBe('/auth/login?redirect=%2Fadmin%2Fusers');
    }
    // Nor on themselves: an organizer cannot make themselves admin.
    const self = await page.request.post('/admin/users', {
      form: { csrf, intent: 'promote', uid: organizer.uid },
      maxRedirects: 0,
    });
    expect(self.headers().location).toBe('/');
    expect(userByEmail(account.email)).toEqual(before);
    expect(userByEmail(ACCOUNTS.organizer.email)).toEqual(organizer);
    expect(sessionCount(account.uid)).toBe(1);
    await account.page.context().close();
  });
});
