// Cookie consent (docs/specification.md §2, §4): the banner until a choice exists, the 'Préférences des cookies' dialog reopened by the
// footer's 'Cookies' button, with JavaScript (fetch, local storage kept in step) and without (forms, CSS :target).
import { expect, type Page, test } from '@playwright/test';

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies et vie privée' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Préférences des cookies' });

/** docs/specification.md §3: the three local-storage keys (preferences, consent given, consent date). */
const storedConsent = (page: Page) =>
  page.evaluate(() => ({
    preferences: localStorage.getItem('cookie-preferences'),
    given: localStorage.getItem('cookie-consent-given'),
    date: localStorage.getItem('cookie-consent-date'),
  }));

/** The site's one cookie (decision 037): it holds the choice made without JavaScript. */
async function consentCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === '__session') ?? null;
}

/** The project runs with JavaScript (js, or hosting through the Hosting proxy). */
const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

async function openPreferences(page: Page) {
  // A button with JavaScript, a link to the dialog without.
  await page
    .getByRole('contentinfo')
    .getByRole(withJavaScript() ? 'button' : 'link', { name: 'Cookies' })
    .click();
  await expect(dialog(page)).toBeVisible();
}

test.describe('consentement aux cookies', () => {
  test('le bandeau reste jusqu’au choix ; « Tout accepter » le retire pour de bon @journey @journey-nojs @hosting @hosting-nojs', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'En savoir plus' })).toHaveAttribute(
      'href',
      '/privacy-policy#cookies',
    );
    await page.goto('/faq');
    await expect(banner(page)).toBeVisible();

    await banner(page).getByRole('button', { name: 'Tout accepter' }).click();
    await expect(banner(page)).toBeHidden();
    await expect(page).toHaveURL(/\/faq$/);
    const cookie = await consentCookie(page);
    if (withJavaScript()) {
      // With JavaScript the browser's local storage keeps it: no cookie, the pages stay the shared, cached ones.
      expect(cookie).toBeNull();
    } else {
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
    }
    await page.reload();
    await expect(banner(page)).toBeHidden();
    await openPreferences(page);
    for (const name of ['Mesure d’audience', 'Marketing', 'Fonctionnels'])
      await expect(dialog(page).getByLabel(name)).toBeChecked();
  });

  test('« Nécessaires uniquement » refuse les cookies facultatifs', async ({ page }) => {
    await page.goto('/how-it-works');
    await banner(page).getByRole('button', { name: 'Nécessaires uniquement' }).click();
    await expect(banner(page)).toBeHidden();
    await page.reload();
    await expect(banner(page)).toBeHidden();
    await openPreferences(page);
    const necessary = dialog(page).getByLabel('Nécessaires');
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    for (const name of ['Mesure d’audience', 'Marketing', 'Fonctionnels'])
      await expect(dialog(page).getByLabel(name)).not.toBeChecked();
  });

  test('avec JavaScript : préférences, clés du stockage local, « Annuler », réinitialisation @js-only @journey @hosting', async ({
    page,
  }) => {
    await page.goto('/contact');
    expect(await storedConsent(page)).toEqual({ preferences: null, given: null, date: null });
    await banner(page).getByRole('button', { name: 'Personnaliser' }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Sauvegarder les préférences' })).toBeVisible();

    await dialog(page).getByLabel('Mesure d’audience').check();
    await dialog(page).getByLabel('Fonctionnels').check();
    await dialog(page).getByRole('button', { name: 'Sauvegarder les préférences' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(banner(page)).toBeHidden();
    // Saved without leaving the page, and the three keys follow the choice.
    await expect(page).toHaveURL(/\/contact$/);
    const stored = await storedConsent(page);
    expect(JSON.parse(stored.preferences ?? 'null')).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      functional: true,
    });
    expect(stored.given).toBe('true');
    expect(Date.now() - Date.parse(stored.date ?? '')).toBeLessThan(60_000);

    // Annuler forgets what was changed in the dialog.
    await openPreferences(page);
    await dialog(page).getByLabel('Marketing').check();
    await dialog(page).getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog(page)).toBeHidden();
    await openPreferences(page);
    await expect(dialog(page).getByLabel('Marketing')).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    // The browser keeps the choice: it survives a reload.
    await page.reload();
    await expect(banner(page)).toBeHidden();
    await openPreferences(page);
    await expect(dialog(page).getByLabel('Mesure d’audience')).toBeChecked();

    await dialog(page).getByRole('button', { name: 'Réinitialiser mes choix' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(banner(page)).toBeVisible();
    expect(await storedConsent(page)).toEqual({ preferences: null, given: null, date: null });
    expect(await consentCookie(page)).toBeNull();
  });

  test('sans JavaScript : le lien « Cookies » ouvre les préférences, le formulaire enregistre et revient @nojs-only @journey @hosting-nojs', async ({
    page,
  }) => {
    await page.goto('/legal');
    await expect(dialog(page)).toBeHidden();
    await openPreferences(page);
    await dialog(page).getByLabel('Marketing').check();
    await dialog(page).getByRole('button', { name: 'Sauvegarder les préférences' }).click();
    await expect(page).toHaveURL(/\/legal$/);
    await expect(page.getByTestId('flash')).toHaveText('Vos préférences de cookies sont enregistrées.');
    await expect(banner(page)).toBeHidden();
    await expect(dialog(page)).toBeHidden();

    await openPreferences(page);
    await expect(dialog(page).getByLabel('Marketing')).toBeChecked();
    await expect(dialog(page).getByLabel('Mesure d’audience')).not.toBeChecked();
    await dialog(page).getByRole('link', { name: 'Annuler' }).click();
    await expect(dialog(page)).toBeHidden();

    await openPreferences(page);
    await dialog(page).getByRole('button', { name: 'Réinitialiser mes choix' }).click();
    await expect(page.getByTestId('flash')).toHaveText('Vos choix de cookies sont effacés.');
    await expect(banner(page)).toBeVisible();
  });
});
