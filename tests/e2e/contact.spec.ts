import fs from 'node:fs';
import { expect, type Ports, test } from './fixtures';
import { outboxFiles, unique } from './utils';

/** The stored messages with that subject (each test's subject is its own). */
const storedWithSubject = async ({ store }: Ports, subject: string) =>
  (await store.contactMessages.listRecent(500)).filter((m) => m.subject === subject);

test.describe('formulaire de contact', () => {
  test('un message valide est enregistré, envoyé aux admins et confirmé', async ({ page, ports }) => {
    const subject = unique('Question sur le marché de Noël');
    const mailsBefore = outboxFiles().length;
    await page.goto('/contact');
    await page.getByLabel('Votre nom').fill('Léa Rochat');
    await page.getByLabel('Votre adresse email').fill('lea.rochat@exemple.ch');
    await page.getByLabel('Sujet').fill(subject);
    await page.getByLabel('Message').fill('Bonjour, le marché de Noël de Bulle a-t-il lieu même en cas de neige ?');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page).toHaveURL('/contact?envoye=1');
    await expect(page.getByTestId('contact-success')).toContainText('Merci, votre message a bien été envoyé.');
    // The form starts afresh (with JavaScript too): the message just sent is not there to be sent twice.
    for (const label of ['Votre nom', 'Sujet', 'Message']) await expect(page.getByLabel(label)).toHaveValue('');
    const stored = await storedWithSubject(ports, subject);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Léa Rochat', email: 'lea.rochat@exemple.ch' });
    await expect.poll(() => outboxFiles().length).toBeGreaterThan(mailsBefore);
    const mail = outboxFiles()
      .map((f) => fs.readFileSync(f, 'utf8'))
      // One mail to every admin, those that other tests make meanwhile included: the seeded one is among them.
      .find(
        (m) =>
          m.includes('lea.rochat@exemple.ch') &&
          /^To: .*admin@demo\.agenda-romand\.ch/m.test(m.replace(/\r?\n\s+/g, ' ')),
      );
    expect(mail).toBeDefined();
  });

  test('des champs invalides donnent des messages en français, gardent la saisie et n’enregistrent rien', async ({
    page,
    ports,
  }) => {
    const subject = unique('Sujet');
    await page.goto('/contact');
    await page.getByLabel('Votre nom').fill('L');
    await page.getByLabel('Votre adresse email').fill('pas-une-adresse');
    await page.getByLabel('Sujet').fill(subject);
    await page.getByLabel('Message').fill('Court');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(
      page.getByText('Le message n’a pas été envoyé : corrigez les champs signalés ci-dessous.'),
    ).toBeVisible();
    await expect(page.locator('#field-name-error')).toHaveText('Votre nom doit compter au moins 2 caractères.');
    await expect(page.locator('#field-email-error')).toHaveText(
      'Cette adresse email n’est pas valide (exemple : prenom@exemple.ch).',
    );
    await expect(page.locator('#field-message-error')).toHaveText('Votre message doit compter au moins 10 caractères.');
    await expect(page.locator('#field-subject-error')).toHaveCount(0);
    await expect(page.getByLabel('Votre nom')).toHaveValue('L');
    await expect(page.getByLabel('Votre adresse email')).toHaveValue('pas-une-adresse');
    await expect(page.getByLabel('Sujet')).toHaveValue(subject);
    await expect(page.getByLabel('Message')).toHaveValue('Court');
    await expect(page.getByLabel('Votre nom')).toHaveAttribute('aria-invalid', 'true');
    expect(await storedWithSubject(ports, subject)).toHaveLength(0);
  });

  test('les champs se vérifient à l’envoi puis à la frappe, sans voler le focus de qui écrit @js-only', async ({
    page,
  }) => {
    await page.goto('/contact');
    await page.getByLabel('Votre nom').fill('L');
    await page.getByLabel('Votre nom').press('Tab');
    // Leaving a field says nothing yet: a message appearing there would move the button being pressed below.
    await expect(page.getByLabel('Votre adresse email')).toBeFocused();
    await expect(page.locator('#field-name-error')).toHaveCount(0);
    await page.getByLabel('Votre adresse email').fill('pas-une-adresse');
    await page.getByLabel('Votre adresse email').press('Tab');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.locator('.error-summary')).toBeFocused();
    await expect(page.locator('#field-name-error')).toHaveText('Votre nom doit compter au moins 2 caractères.');
    // Correcting a field: its message goes as it is typed, and the focus stays in the field.
    await page.getByLabel('Votre nom').click();
    await page.getByLabel('Votre nom').pressSequentially('éa');
    await expect(page.locator('#field-name-error')).toHaveCount(0);
    await expect(page.getByLabel('Votre nom')).toBeFocused();
    await expect(page.getByLabel('Votre nom')).toHaveValue('Léa');
    await expect(page.locator('#field-email-error')).toBeVisible();
  });

  test('un formulaire vide signale chaque champ obligatoire', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.locator('#field-name-error')).toHaveText('Indiquez votre nom.');
    await expect(page.locator('#field-email-error')).toHaveText('Indiquez votre adresse email.');
    await expect(page.locator('#field-subject-error')).toHaveText('Indiquez le sujet de votre message.');
    await expect(page.locator('#field-message-error')).toHaveText('Écrivez votre message.');
  });

  test('un robot qui remplit le pot de miel est refusé et rien n’est enregistré @once', async ({ page, ports }) => {
    const subject = unique('Spam');
    await page.goto('/contact');
    await page.getByLabel('Votre nom').fill('Robot');
    await page.getByLabel('Votre adresse email').fill('robot@exemple.ch');
    await page.getByLabel('Sujet').fill(subject);
    await page.getByLabel('Message').fill('Achetez nos montres pas chères, livraison rapide !');
    await page.locator('input[name="website_confirm"]').evaluate((input: HTMLInputElement) => {
      input.value = 'https://spam.example';
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Requête invalide');
    await expect(page.getByText('Votre envoi a été refusé par notre filtre anti-spam.')).toBeVisible();
    expect(await storedWithSubject(ports, subject)).toHaveLength(0);
  });

  test('un envoi sans jeton CSRF ou depuis un autre site est refusé @http', async ({ request, ports }) => {
    const subject = unique('Sans jeton');
    const form = { name: 'Test', email: 'test@exemple.ch', subject, message: 'Un message assez long pour passer.' };
    const noToken = await request.post('/contact', { form });
    expect(noToken.status()).toBe(403);
    const crossSite = await request.post('/contact', { form, headers: { Origin: 'https://evil.example' } });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.text()).toContain('Requête refusée');
    expect(await storedWithSubject(ports, subject)).toHaveLength(0);
  });
});
