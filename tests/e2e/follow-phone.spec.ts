// « Suivre » an organizer (issue 74, decision 173) on a 390×844 phone, with and without JavaScript: without an account
// the page says following needs one and leads to sign in, which comes back to the page; the account follows it with
// the Thursday mail, finds its new event under « Nouveautés de ceux que je suis » on /favoris, and stops following.
import { randomUUID } from 'node:crypto';
import { makeOrganizer } from '../support/factories';
import { expect, test } from './fixtures';
import { unique } from './utils';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

test('suivre un organisateur : connexion et retour, suivi avec l’email, ses nouveautés dans les favoris @journey @journey-nojs', async ({
  page,
  ports,
  people,
  createEvent,
}) => {
  const name = unique('Fanfare du Bourg');
  const organizer = makeOrganizer({ id: randomUUID(), name, slug: `fanfare-${randomUUID().slice(0, 8)}` });
  await ports.store.organizers.insertMany([organizer]);
  const user = await people.createUser();
  const path = `/organisateurs/${organizer.slug}`;

  await page.goto(path);
  await expect(page.getByTestId('follow')).toContainText('Suivre un organisateur demande un compte');
  await page.getByTestId('follow-login').click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await page.getByLabel('Adresse email').fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));

  await page.getByLabel('Recevoir aussi ses nouveautés par email, chaque jeudi').check();
  await page.getByTestId('follow-button').click();
  await expect(page.getByTestId('follow-state')).toContainText('chaque jeudi par email');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  const news = await createEvent({ title: unique('Concert de la fanfare'), organizerId: organizer.id });
  await page.goto('/favoris');
  await expect(page.getByTestId('followed-news')).toContainText(news.title);

  await page.goto(path);
  await page.getByRole('button', { name: 'Ne plus suivre' }).click();
  await expect(page.getByTestId('follow-button')).toBeVisible();
  expect(await ports.store.alerts.listByEmail(user.email.toLowerCase())).toEqual([]);
});
