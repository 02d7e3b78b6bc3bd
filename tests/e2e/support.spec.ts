// « Nous soutenir » as a visitor sees it on the shared e2e server, which has no Stripe key: the QR-bill always works
// (with and without JavaScript), card/TWINT says it is unavailable, and /payment/success never trusts its URL.
// The card/TWINT flow itself runs against a local Stripe stand-in in Vitest (app/.server/donations/checkout.test.ts,
// tests/unit/donation-routes.test.ts).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const IBAN = 'CH93 0076 2011 6238 5295 7';

/** Content-Security-Policy violations and page errors, as the browser reports them. */
function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('nous soutenir', () => {
  test('un montant suggéré affiche la QR-facture (montant, IBAN) et son PDF, sans erreur CSP @hosting', async ({
    page,
  }) => {
    const problems = watchForProblems(page);
    await page.goto('/support-us');
    await expect(page.getByRole('heading', { name: 'Pourquoi nous soutenir ?' })).toBeVisible();
    await expect(page.getByTestId('qr-bill')).toHaveCount(0);

    const image = page.waitForResponse((r) => r.url().includes('/support-us/facture-qr.svg?montant=25'));
    await page.getByRole('link', { name: 'CHF 25.–' }).click();
    await expect(page).toHaveURL(/\/support-us\?montant=25(#don)?$/);
    const svg = await image;
    expect(svg.status()).toBe(200);
    expect(svg.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
    const drawn = await svg.text();
    expect(drawn).toContain('25.00');
    expect(drawn).toContain(IBAN);

    const bill = page.getByTestId('qr-bill');
    await expect(bill).toBeVisible();
    await expect(bill).toHaveAttribute('alt', /QR-facture de CHF 25\.– pour Association Agenda romand/);
    await expect(page.getByTestId('qr-bill-details')).toContainText(IBAN);
    await expect(page.getByTestId('qr-bill-details')).toContainText('CHF 25.–');
    await expect(page.getByRole('link', { name: 'CHF 25.–' })).toHaveAttribute('aria-current', 'true');

    const download = page.waitForEvent('download');
    await page.getByTestId('qr-bill-pdf').click();
    expect((await download).suggestedFilename()).toBe('qr-facture-don-25.pdf');
    const pdf = await page.request.get('/support-us/facture-qr.pdf?montant=25');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toBe('attachment; filename="qr-facture-don-25.pdf"');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect(problems).toEqual([]);
  });

  test('un montant libre donne sa QR-facture ; l’adresse se garde en favori', async ({ page }) => {
    await page.goto('/support-us');
    await page.getByLabel('Montant libre (CHF)').fill('42,50');
    await page.getByRole('button', { name: 'Choisir ce montant' }).click();
    await expect(page).toHaveURL(/montant=42%2C50/);
    await expect(page.getByTestId('qr-bill-details')).toContainText('CHF 42.50');
    await expect(page.getByTestId('qr-bill')).toHaveAttribute('src', '/support-us/facture-qr.svg?montant=42.5');
    await expect(page.getByLabel('Montant libre (CHF)')).toHaveValue('42,50');

    await page.goto('/support-us?montant=100');
    await expect(page.getByTestId('qr-bill-details')).toContainText('CHF 100.–');
  });

  test('un montant hors limites : message en français, saisie gardée, pas de facture', async ({ page }) => {
    await page.goto('/support-us');
    await page.getByLabel('Montant libre (CHF)').fill('3');
    await page.getByRole('button', { name: 'Choisir ce montant' }).click();
    await expect(page.locator('#field-montant-error')).toHaveText('Indiquez un montant entre 5 et 10 000 CHF.');
    await expect(page.getByLabel('Montant libre (CHF)')).toHaveValue('3');
    await expect(page.getByLabel('Montant libre (CHF)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('qr-bill')).toHaveCount(0);

    const response = await page.request.get('/support-us/facture-qr.pdf?montant=20000');
    expect(response.status()).toBe(400);
    expect(await response.text()).toBe('Indiquez un montant entre 5 et 10 000 CHF.');
  });

  test('sans Stripe configuré, seule la QR-facture est proposée : ni carte ni TWINT promis @once', async ({ page }) => {
    await page.goto('/support-us?montant=50');
    await expect(page.getByTestId('qr-bill')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Par carte ou TWINT' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /par carte ou TWINT/ })).toHaveCount(0);
    await expect(page.locator('#don')).not.toContainText('TWINT');
  });

  test('sur un téléphone, le code QR est assez grand pour être scanné et l’IBAN tient sur une ligne @once', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/support-us?montant=50');
    const zoom = page.getByTestId('qr-code-zoom');
    await expect(zoom).toBeVisible();
    const qr = await page.locator('.donation__qr-zoom').boundingBox();
    expect(qr?.width, 'largeur du code QR').toBeGreaterThanOrEqual(200);
    const iban = await page.getByTestId('iban').boundingBox();
    const lineHeight = await page
      .getByTestId('iban')
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect(iban?.height, 'hauteur de l’IBAN').toBeLessThanOrEqual(lineHeight * 1.2);
  });

  test('les donateurs sont remerciés sur la page des partenaires @once', async ({ page }) => {
    await page.goto('/partenaires');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Merci à nos donateurs' }) });
    await expect(
      section.getByTestId('supporter-names').or(section.getByRole('link', { name: 'faites un don' })),
    ).toBeVisible();
  });
});

test.describe('page de succès du paiement', () => {
  test('déconnecté : vers la connexion, avec retour prévu @once', async ({ page }) => {
    await page.goto('/payment/success?session_id=cs_test_forge0123456789');
    await expect(page).toHaveURL(
      `/auth/login?redirect=${encodeURIComponent('/payment/success?session_id=cs_test_forge0123456789')}`,
    );
  });

  test('connecté sans session_id, ou avec un identifiant forgé : un message clair, le compte ne change pas @once', async ({
    page,
    ports,
    signIn,
  }) => {
    const organizer = await signIn();
    const organizerSupported = async () => (await ports.store.users.findById(organizer.uid))?.supported;
    const before = await organizerSupported();
    await page.goto('/payment/success');
    await expect(page).toHaveURL('/payment/success');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aucun paiement à vérifier');
    await expect(page.getByTestId('payment-state')).toContainText('rien n’a donc été enregistré');

    await page.goto('/payment/success?session_id=cs_test_forge0123456789');
    await expect(page.getByTestId('payment-state')).not.toHaveAttribute('data-state', 'paid');
    await expect(page.getByRole('heading', { name: 'Merci pour votre soutien !' })).toHaveCount(0);
    expect(await organizerSupported()).toBe(before);
    await page.goto('/dashboard');
    if (!before) await expect(page.getByTestId('supporter-badge')).toHaveCount(0);
  });
});
