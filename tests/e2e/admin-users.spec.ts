// Account management (/admin/users), with and without JavaScript. Each test makes the accounts it acts on (admins
// included): tests running in parallel never see each other's changes.
import type { Page } from '@playwright/test';
import { expect, type People, type Ports, type TestUser, test } from './fixtures';
import { csrfToken } from './utils';

/** What the admin changes on an account, as the store has it. */
const userByEmail = async ({ store }: Ports, email: string) => {
  const user = await store.users.findByEmailWithPassword(email);
  return user && { uid: user.uid, role: user.role, disabled: user.disabled, updatedAt: user.updatedAt };
};
const sessionCount = async ({ store }: Ports, uid: string) => (await store.sessions.listForUser(uid)).length;

/** A new organizer (address not verified yet), logged in in its own browser context. */
async function newAccount(
  { createUser, pageAs }: Pick<People, 'createUser' | 'pageAs'>,
  name: string,
): Promise<{ page: Page; email: string; uid: string; password: string }> {
  const user = await createUser({ displayName: name, verified: false });
  const page = await pageAs(user);
  await page.goto('/dashboard');
  return { page, email: user.email, uid: user.uid, password: user.password };
}

/**
 * Logs a new admin in and opens the list of accounts, searched for an address if given (the admin's own when `search`
 * is a function of them); with JavaScript, the serious actions' confirmations are accepted.
 */
async function asAdmin(page: Page, signIn: People['signIn'], search?: string | ((admin: TestUser) => string)) {
  page.on('dialog', (dialog) => dialog.accept());
  const admin = await signIn({ role: 'admin' });
  const query = typeof search === 'function' ? search(admin) : search;
  const path = query ? `/admin/users?q=${encodeURIComponent(query)}` : '/admin/users';
  await page.goto(path);
  await expect(page).toHaveURL(path);
  return admin;
}

test.describe('gestion des utilisateurs', () => {
  test.setTimeout(90_000);

  test('un admin trouve un compte inscrit, le fait passer admin puis le repasse organisateur @journey', async ({
    page,
    ports,
    people,
  }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const account = await newAccount(people, `Zoé Théâtre ${suffix}`);
    await asAdmin(page, people.signIn);
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
    await expect(row).toContainText('Adresse\u00a0: non vérifiée');
    await expect(row.getByRole('cell').nth(5)).toHaveText('Événements\u00a0: aucun');

    await row.getByRole('button', { name: 'Passer admin' }).click();
    await expect(page.getByTestId('flash')).toHaveText(`Zoé Théâtre ${suffix} a maintenant le rôle d’administrateur.`);
    // Back on the same search.
    await expect(page).toHaveURL(`/admin/users?q=ZOE+THEATRE+${suffix}`);
    await expect(row).toContainText('Administrateur');
    expect((await userByEmail(ports, account.email))?.role).toBe('admin');
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
    expect((await userByEmail(ports, account.email))?.role).toBe('organizer');
    // Still filtered on admins: the account has left the list.
    await expect(page).toHaveURL(`/admin/users?q=ZOE+THEATRE+${suffix}&role=admin`);
    await expect(page.getByTestId('users-count')).toHaveText('Aucun compte ne correspond à cette recherche.');
    await account.page.goto('/admin/users');
    await expect(account.page).toHaveURL('/');
    await account.page.context().close();
  });

  test('désactiver ferme la session ouverte du compte et empêche la connexion ; réactiver la permet de nouveau @journey', async ({
    page,
    ports,
    people,
  }) => {
    const account = await newAccount(people, 'Fanfare de Moutier');
    expect(await sessionCount(ports, account.uid)).toBe(1);
    await asAdmin(page, people.signIn, account.email);
    const row = page.getByTestId(`user-${account.uid}`);
    await row.getByRole('button', { name: 'Désactiver' }).click();
    await expect(page.getByTestId('flash')).toContainText('Le compte de Fanfare de Moutier est désactivé');
    await expect(row).toContainText('Désactivé');
    await expect(row.getByRole('button', { name: 'Réactiver' })).toBeVisible();
    expect((await userByEmail(ports, account.email))?.disabled).toBe(true);
    expect(await sessionCount(ports, account.uid)).toBe(0);

    // Its open session ends on the next request…
    await account.page.goto('/dashboard');
    await expect(account.page).toHaveURL('/auth/login?redirect=%2Fdashboard');
    // …and it cannot log in again.
    await account.page.getByLabel('Adresse email').fill(account.email);
    await account.page.getByLabel('Mot de passe').fill(account.password);
    await account.page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(account.page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
    await expect(account.page).toHaveURL(/\/auth\/login/);
    expect(await sessionCount(ports, account.uid)).toBe(0);

    // Found among the disabled accounts, and enabled again.
    await page.getByLabel('État').selectOption('disabled');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/&state=disabled$/);
    await expect(page.getByTestId('users-count')).toHaveText('1 compte');
    await row.getByRole('button', { name: 'Réactiver' }).click();
    await expect(page.getByTestId('flash')).toContainText('Le compte de Fanfare de Moutier est réactivé');
    expect((await userByEmail(ports, account.email))?.disabled).toBe(false);

    await account.page.getByLabel('Mot de passe').fill(account.password);
    await account.page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(account.page).toHaveURL('/dashboard');
    await account.page.context().close();
  });

  test('un admin fait confiance à un organisateur puis la lui retire (décision 042) @once', async ({
    page,
    ports,
    people,
  }) => {
    const account = await newAccount(people, 'Théâtre du Jorat');
    await asAdmin(page, people.signIn, account.email);
    const row = page.getByTestId(`user-${account.uid}`);
    await expect(row).not.toContainText('De confiance');
    await row.getByRole('button', { name: 'Faire confiance' }).click();
    await expect(page.getByTestId('flash')).toHaveText(
      'Théâtre du Jorat publie désormais sans modération\u202f; chaque publication est journalisée.',
    );
    await expect(row).toContainText('De confiance');
    expect((await ports.store.users.findById(account.uid))?.trusted).toBe(true);
    await row.getByRole('button', { name: 'Retirer la confiance' }).click();
    await expect(page.getByTestId('flash')).toHaveText(
      'Les événements de Théâtre du Jorat passent de nouveau par la modération.',
    );
    await expect(row).not.toContainText('De confiance');
    expect((await ports.store.users.findById(account.uid))?.trusted).toBe(false);
    await account.page.context().close();
  });

  test('annuler la confirmation ne change rien @js-only', async ({ page, ports, people }) => {
    const account = await newAccount(people, 'Club de pétanque');
    await people.signIn({ role: 'admin' });
    await page.goto(`/admin/users?q=${encodeURIComponent(account.email)}`);
    const row = page.getByTestId(`user-${account.uid}`);
    const before = await userByEmail(ports, account.email);
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
    expect(await userByEmail(ports, account.email)).toEqual(before);
    expect(await sessionCount(ports, account.uid)).toBe(1);
    await account.page.context().close();
  });

  test('l’admin ne peut ni retirer son propre rôle ni désactiver son compte @once', async ({ page, ports, signIn }) => {
    const admin = await asAdmin(page, signIn, (me) => me.email);
    const me = (await userByEmail(ports, admin.email))!;
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
    expect(await userByEmail(ports, admin.email)).toEqual(me);
    // Still logged in as an admin.
    await page.reload();
    await expect(page.getByTestId(`user-${me.uid}`)).toContainText('(vous)');
  });

  test('un organisateur et un visiteur ne peuvent rien changer @once', async ({ page, request, ports, people }) => {
    const account = await newAccount(people, 'Cible des essais');
    const self = await people.signIn();
    await page.goto('/organizer/profile');
    const csrf = await csrfToken(page);
    expect(csrf).not.toBe('');
    const before = await userByEmail(ports, account.email);
    const organizer = (await userByEmail(ports, self.email))!;
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
    const promoted = await page.request.post('/admin/users', {
      form: { csrf, intent: 'promote', uid: organizer.uid },
      maxRedirects: 0,
    });
    expect(promoted.headers().location).toBe('/');
    expect(await userByEmail(ports, account.email)).toEqual(before);
    expect(await userByEmail(ports, self.email)).toEqual(organizer);
    expect(await sessionCount(ports, account.uid)).toBe(1);
    await account.page.context().close();
  });
});
