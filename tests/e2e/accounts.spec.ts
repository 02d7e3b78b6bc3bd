import { registrationSent } from '../../app/domain/auth';
import { RESERVED_NAME_MESSAGE } from '../../app/domain/reserved-names';
import { expect, type Ports, test } from './fixtures';
import { lastMailTo, linkInMail, logout, register, submitRegistration, uniqueEmail } from './utils';

const PASSWORD = 'trois pommes vertes à Vevey';

/** The account registered with that address, as the store has it (null when there is none). */
const accountOf = ({ store }: Ports, email: string) => store.users.findByEmailWithPassword(email);

test.describe('comptes', () => {
  test('inscription → mail de vérification → lien → adresse vérifiée @journey @hosting', async ({
    page,
    ports,
    removeAfter,
  }) => {
    const email = uniqueEmail('inscription');
    removeAfter.account(email);
    await register(page, 'Chœur de la Broye', email, PASSWORD);
    await expect(page).toHaveURL('/dashboard');
    expect(await accountOf(ports, email)).toMatchObject({
      email,
      role: 'organizer',
      emailVerified: false,
      supported: false,
      displayName: 'Chœur de la Broye',
    });
    const link = await linkInMail(email, '/auth/verify-email?token=');
    expect(lastMailTo(email)).toContain('Confirmez votre adresse email pour publier vos événements');
    // Signed in in this browser: back to the dashboard, the address confirmed.
    await page.goto(link);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByTestId('flash')).toContainText(`Adresse confirmée\u00a0: ${email}`);
    expect((await accountOf(ports, email))?.emailVerified).toBe(true);
    await page.goto(link);
    await expect(page.getByTestId('flash')).toContainText('n’est plus valable');
    await page.goto('/auth/verify-email');
    await page.getByRole('button', { name: 'Renvoyer l’email de vérification' }).click();
    await expect(page.getByTestId('resend-result')).toHaveText("L'email est déjà vérifié");
  });

  test('sans connexion, le renvoi de vérification répond « Aucun utilisateur connecté » @once', async ({ page }) => {
    await page.goto('/auth/email-verification');
    await page.getByRole('button', { name: 'Renvoyer l’email de vérification' }).click();
    await expect(page.getByTestId('resend-result')).toHaveText('Aucun utilisateur connecté');
  });

  test('inscription refusée : champs invalides, mot de passe courant, nom porteur d’une adresse — saisie gardée sauf le mot de passe', async ({
    page,
    ports,
  }) => {
    await submitRegistration(page, 'A', 'pas-une-adresse', 'court');
    await expect(page.locator('#field-displayName-error')).toHaveText('Votre nom doit compter au moins 2 caractères.');
    await expect(page.locator('#field-email-error')).toContainText('n’est pas valide');
    await expect(page.locator('#field-password-error')).toHaveText(
      'Le mot de passe doit compter au moins 8 caractères.',
    );
    await expect(page.getByLabel('Adresse email')).toHaveValue('pas-une-adresse');
    await expect(page.getByLabel('Mot de passe')).toHaveValue('');
    // The emptied password says why it is empty; a first visit does not.
    await expect(page.getByLabel('Mot de passe')).toHaveAccessibleDescription(/À retaper\u00a0: un mot de passe/);
    await page.goto('/auth/register');
    await expect(page.getByLabel('Mot de passe')).toHaveAccessibleDescription(/^Au moins 8\u00a0caractères\./);
    await expect(page.getByLabel('Mot de passe')).not.toHaveAccessibleDescription(/À retaper/);
    const email = uniqueEmail('courant');
    await submitRegistration(page, 'Marché de Bulle', email, 'motdepasse');
    await expect(page.locator('#field-password-error')).toContainText('trop courant');
    await expect(page.getByLabel('Votre nom ou celui de votre organisation')).toHaveValue('Marché de Bulle');
    expect(await accountOf(ports, email)).toBeNull();
    await submitRegistration(page, '<b>X</b> http://evil.example', uniqueEmail('nom'), PASSWORD);
    await expect(page.locator('#field-displayName-error')).toContainText('ni adresse web ni balise');
  });

  test('les noms de l’équipe (« Modération », « Agenda romand »…) ne se prennent ni à l’inscription ni dans le profil @once', async ({
    page,
    ports,
    createUser,
    loginAs,
  }) => {
    const email = uniqueEmail('reserve');
    await submitRegistration(page, 'Agenda  Rоmand', email, PASSWORD);
    await expect(page.locator('#field-displayName-error')).toHaveText(RESERVED_NAME_MESSAGE);
    await expect(page.getByLabel('Votre nom ou celui de votre organisation')).toHaveValue('Agenda  Rоmand');
    await expect(page.getByLabel('Adresse email')).toHaveValue(email);
    expect(await accountOf(ports, email)).toBeNull();

    const organizer = await createUser({ displayName: 'Théâtre de Valère' });
    await loginAs(page, organizer);
    await page.goto('/organizer/profile');
    await page.getByLabel('Nom affiché').fill('Modération');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.locator('#field-displayName-error')).toHaveText(RESERVED_NAME_MESSAGE);
    await expect(page.getByLabel('Nom affiché')).toHaveValue('Modération');
    expect((await ports.store.users.findById(organizer.uid))?.displayName).toBe('Théâtre de Valère');
  });

  test('une adresse déjà inscrite reçoit la même réponse qu’une nouvelle ; sa titulaire est prévenue par mail @once', async ({
    page,
    ports,
    createUser,
    removeAfter,
  }) => {
    const owner = (await createUser()).email;
    const mailsBefore = lastMailTo(owner);
    await submitRegistration(page, 'Doublon', owner, PASSWORD);
    await expect(page).toHaveURL('/auth/login?redirect=%2Fdashboard');
    await expect(page.getByTestId('flash')).toHaveText(registrationSent(owner));
    const fresh = uniqueEmail('nouvelle');
    removeAfter.account(fresh);
    await submitRegistration(page, 'Nouvelle', fresh, PASSWORD);
    await expect(page).toHaveURL('/auth/login?redirect=%2Fdashboard');
    await expect(page.getByTestId('flash')).toHaveText(registrationSent(fresh));
    await expect
      .poll(() => lastMailTo(owner) !== mailsBefore && lastMailTo(owner)?.includes('déjà un compte'))
      .toBe(true);
    expect(lastMailTo(owner)).not.toContain('Doublon');
    // No second account for the owner's address; the new address has its own.
    const accountsWith = async (email: string) =>
      (await ports.store.users.search({ words: [email], limit: 10 })).items.filter((u) => u.email === email);
    expect(await accountsWith(owner)).toHaveLength(1);
    expect(await accountsWith(fresh)).toHaveLength(1);
  });

  test('mot de passe oublié → mail → le nouveau fonctionne, l’ancien non, le lien ne sert qu’une fois', async ({
    page,
    removeAfter,
  }) => {
    const email = uniqueEmail('oubli');
    removeAfter.account(email);
    await register(page, 'Fanfare de Tavannes', email, PASSWORD);
    await logout(page);
    await page.goto('/auth/forgot-password');
    await page.getByLabel('Adresse email').fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByTestId('reset-sent')).toBeVisible();
    const link = await linkInMail(email, '/auth/reset-password?token=');
    await page.goto(link);
    await page.getByLabel('Nouveau mot de passe').fill('une autre phrase bien longue');
    await page.getByLabel('Confirmez le mot de passe').fill('une autre phrase différente');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.locator('#field-confirmation-error')).toHaveText(
      'Les deux mots de passe ne sont pas identiques.',
    );
    await page.getByLabel('Nouveau mot de passe').fill('une autre phrase bien longue');
    await page.getByLabel('Confirmez le mot de passe').fill('une autre phrase bien longue');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page).toHaveURL('/auth/login');
    await expect(page.getByTestId('flash')).toContainText('Mot de passe modifié');
    await page.getByLabel('Adresse email').fill(email);
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
    await page.getByLabel('Mot de passe').fill('une autre phrase bien longue');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL('/dashboard');
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('Ce lien n’est plus valable');
  });

  test('une adresse inconnue reçoit la même réponse et aucun mail @once', async ({ page }) => {
    const email = uniqueEmail('inconnu');
    await page.goto('/auth/forgot-password');
    await page.getByLabel('Adresse email').fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByTestId('reset-sent')).toBeVisible();
    expect(lastMailTo(email)).toBeNull();
  });

  test('profil : nom, mot de passe (déconnecte les autres appareils), suppression du compte', async ({
    page,
    browser,
    ports,
    removeAfter,
  }, testInfo) => {
    const email = uniqueEmail('profil');
    removeAfter.account(email);
    await register(page, 'Cinéclub de Bulle', email, PASSWORD);
    await expect(page).toHaveURL('/dashboard');
    const other = await browser.newContext({ javaScriptEnabled: testInfo.project.name === 'js' });
    const otherPage = await other.newPage();
    await otherPage.goto('/auth/login');
    await otherPage.getByLabel('Adresse email').fill(email);
    await otherPage.getByLabel('Mot de passe').fill(PASSWORD);
    await otherPage.getByRole('button', { name: 'Se connecter' }).click();
    await expect(otherPage).toHaveURL('/dashboard');

    await page.goto('/organizer/profile');
    await expect(page.getByTestId('sessions').locator('li')).toHaveCount(2);
    await page.getByLabel('Nom affiché').fill('Ciné-club de Bulle');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Profil enregistré.')).toBeVisible();
    expect((await accountOf(ports, email))?.displayName).toBe('Ciné-club de Bulle');

    await page.getByLabel('Mot de passe actuel').fill('pas le bon');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('nouvelle phrase de passe');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('nouvelle phrase de passe');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.locator('#field-currentPassword-error')).toHaveText('Le mot de passe actuel est incorrect.');
    await page.getByLabel('Mot de passe actuel').fill(PASSWORD);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('nouvelle phrase de passe');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('nouvelle phrase de passe');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.getByText('Mot de passe modifié.')).toBeVisible();
    await otherPage.goto('/dashboard');
    await expect(otherPage).toHaveURL('/auth/login?redirect=%2Fdashboard');
    await other.close();

    await page.getByLabel('Votre mot de passe, pour confirmer').fill('nouvelle phrase de passe');
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await expect(page.getByText('Cochez la case pour confirmer la suppression.')).toBeVisible();
    await page.getByLabel('Votre mot de passe, pour confirmer').fill('nouvelle phrase de passe');
    await page.getByLabel('Je veux supprimer mon compte définitivement').check();
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('flash')).toContainText('Votre compte a été supprimé');
    expect(await accountOf(ports, email)).toBeNull();
  });
});
