// Admins and organizers land where they work (issue 33), on a 390×844 phone with and without JavaScript: after the
// login form, an organizer on the dashboard and an admin on /admin, unless a page was asked for (`?redirect=`); the
// verification link, opened in another browser, leads to the login page with the address filled in and « Adresse
// confirmée »; opened in the browser that registered, it signs in there (a new session) and leads to the dashboard.
import { ADDRESS_CONFIRMED, addressConfirmedSignedIn, registrationSent } from '../../app/domain/auth';
import { expect, test } from './fixtures';
import { linkInMail, loginWithForm, submitRegistration, uniqueEmail } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('où l’on arrive après la connexion', () => {
  test('un organisateur arrive à son tableau de bord, un admin à /admin @once', async ({
    page,
    browser,
    createUser,
  }, testInfo) => {
    await loginWithForm(page, await createUser());
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');

    const other = await browser.newContext({
      javaScriptEnabled: testInfo.project.name === 'js',
      viewport: { width: 390, height: 844 },
    });
    const admin = await other.newPage();
    await loginWithForm(admin, await createUser({ role: 'admin' }));
    await expect(admin).toHaveURL('/admin');
    await other.close();
  });

  test('une page demandée reste la destination, pour un admin aussi @once', async ({ page, createUser }) => {
    await loginWithForm(page, await createUser({ role: 'admin' }), '/evenements?category=musique');
    await expect(page).toHaveURL('/evenements?category=musique');
  });

  test('le lien de vérification, ouvert ailleurs : la page de connexion, l’adresse remplie, « Adresse confirmée » @once', async ({
    page,
    browser,
    ports,
    removeAfter,
  }, testInfo) => {
    const email = uniqueEmail('verification');
    removeAfter.account(email);
    await submitRegistration(page, 'Harmonie de Bulle', email, 'une phrase de passe pour Bulle');
    await expect(page).toHaveURL('/auth/login?redirect=%2Fdashboard');
    const link = await linkInMail(email, '/auth/verify-email?token=');

    // The mail opened on the phone: no session there.
    const phone = await browser.newContext({
      javaScriptEnabled: testInfo.project.name === 'js',
      viewport: { width: 390, height: 844 },
    });
    const mailPage = await phone.newPage();
    await mailPage.goto(link);
    await expect(mailPage).toHaveURL('/auth/login?redirect=%2Fdashboard');
    await expect(mailPage.getByTestId('flash')).toHaveText(ADDRESS_CONFIRMED);
    await expect(mailPage.getByLabel('Adresse email')).toHaveValue(email);
    expect((await ports.store.users.findByEmailWithPassword(email))?.emailVerified).toBe(true);
    await mailPage.getByLabel('Mot de passe').fill('une phrase de passe pour Bulle');
    await mailPage.getByRole('button', { name: 'Se connecter' }).click();
    await expect(mailPage).toHaveURL('/dashboard');
    await expect(mailPage.getByTestId('unverified-banner')).toHaveCount(0);
    await phone.close();
  });

  test('le lien de vérification, ouvert dans le navigateur de l’inscription : connecté, au tableau de bord, sans mot de passe retapé @once', async ({
    page,
    browser,
    removeAfter,
  }, testInfo) => {
    const email = uniqueEmail('meme-navigateur');
    removeAfter.account(email);
    await submitRegistration(page, 'Fanfare de Bulle', email, 'une phrase de passe pour la fanfare');
    await expect(page.getByTestId('flash')).toHaveText(registrationSent(email));
    const cookieOf = async () => (await page.context().cookies()).find((c) => c.name === '__session')?.value ?? '';
    const before = await cookieOf();
    await page.goto(await linkInMail(email, '/auth/verify-email?token='));
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByTestId('flash')).toHaveText(addressConfirmedSignedIn(email));
    await expect(page.getByTestId('unverified-banner')).toHaveCount(0);
    // A new session: the cookie from before the sign-in opens nothing (no fixation).
    const after = await cookieOf();
    expect(after).not.toBe(before);
    const planted = await browser.newContext({ javaScriptEnabled: testInfo.project.name === 'js' });
    await planted.addCookies([{ name: '__session', value: before, url: page.url() }]);
    const old = await planted.newPage();
    await old.goto('/dashboard');
    await expect(old).toHaveURL(/\/auth\/login/);
    await planted.close();
  });
});
