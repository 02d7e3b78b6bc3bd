// Issue 73, places to book, on a 390×844 phone, with and without JavaScript: the organizer opens 2 places (a small
// number for the test) with a waiting list; two visitors register, the third goes on the waiting list and the page says
// « Complet — liste d’attente »; the first cancels by the link of her mail, the waiting one gets the place and a mail.
// The list's card and the API say the same words.
import { expect, test } from './fixtures';
import { linkInMail, mailsTo, unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

test('l’organisateur ouvre 2 places ; la troisième attend ; une annulation lui donne la place et un mail', async ({
  page,
  browser,
  signIn,
  createEvent,
}, testInfo) => {
  const organizer = await signIn();
  const title = unique('Atelier de poterie');
  const event = await createEvent({ title, createdBy: organizer.uid, isFree: true });

  await page.goto('/dashboard');
  await page.locator('li', { hasText: title }).getByRole('link', { name: 'Inscriptions' }).click();
  await expect(page.getByRole('heading', { name: 'Inscriptions', level: 1 })).toBeVisible();
  await page.getByLabel('Nombre de places').fill('2');
  await page.getByLabel('Question 1 aux inscrits (facultatif)').fill('Âge de l’enfant');
  await page.getByRole('button', { name: 'Ouvrir les inscriptions' }).click();
  await expect(page.getByText('Inscriptions ouvertes\u00a0: 2\u00a0places.')).toBeVisible();

  const tag = Date.now().toString(36) + testInfo.project.name;
  const email = (n: number) => `visiteur${n}-${tag}@exemple.ch`;
  const visitor = await browser.newPage({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: testInfo.project.name === 'js',
  });
  const registerAs = async (n: number) => {
    await visitor.goto(`/evenement/${event.id}`);
    const panel = visitor.locator('#inscription');
    await panel.getByLabel('Votre nom').fill(`Visiteur ${n}`);
    await panel.getByLabel('Votre adresse email').fill(email(n));
    await panel.getByLabel('Âge de l’enfant').fill('8 ans');
    await panel.getByRole('button', { name: /M’inscrire/ }).click();
    await expect(visitor.getByTestId('flash')).toBeVisible();
  };

  await visitor.goto(`/evenement/${event.id}`);
  await expect(visitor.getByTestId('registration-places')).toHaveText('2\u00a0places');
  // A wrong address: the French message, what was typed kept.
  await visitor.locator('#inscription').getByLabel('Votre nom').fill('Visiteur 0');
  await visitor.locator('#inscription').getByLabel('Votre adresse email').fill('visiteur@exemple');
  await visitor.locator('#inscription').getByRole('button', { name: 'M’inscrire' }).click();
  await expect(visitor.getByRole('alert').first()).toBeVisible();
  await expect(visitor.locator('#inscription').getByLabel('Votre nom')).toHaveValue('Visiteur 0');

  await registerAs(1);
  await registerAs(2);
  await registerAs(3);
  await expect(visitor.getByTestId('flash')).toContainText('liste d’attente');
  await visitor.goto(`/evenement/${event.id}`);
  await expect(visitor.getByTestId('registration-places')).toHaveText('Complet — liste d’attente');

  // The first one cancels by the link of her mail: one click on the page it opens.
  const link = await linkInMail(email(1), '/inscription/annuler/');
  await visitor.goto(link);
  await visitor.getByRole('button', { name: 'Annuler mon inscription' }).click();
  await expect(visitor.getByTestId('registration-cancelled')).toBeVisible();
  await expect
    .poll(() => mailsTo(email(3)).some((m) => m.includes('Une place s’est libérée')), { timeout: 10_000 })
    .toBe(true);

  // The organizer's list: the waiting one confirmed; the page still full.
  await page.reload();
  const rows = page.getByTestId('registrations').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Visiteur 3' })).toContainText('confirmée');
  await expect(rows.filter({ hasText: 'Visiteur 1' })).toContainText('annulée');
  await visitor.goto(`/evenement/${event.id}`);
  await expect(visitor.getByTestId('registration-places')).toHaveText('Complet — liste d’attente');
  // The same words on its card in the list, and in the API (issue 73).
  await visitor.goto(`/evenements?q=${encodeURIComponent(title)}`);
  const card = visitor.locator('.event-card', { hasText: title });
  await expect(card.locator('.tag--registration')).toHaveText('Complet — liste d’attente');
  const api = await (await visitor.request.get(`/api/v1/events/${event.id}`)).json();
  expect(api.data.registration).toEqual({
    availability: 'waiting-list',
    remainingPlaces: 0,
    text: 'Complet — liste d’attente',
  });
  await visitor.close();
});
