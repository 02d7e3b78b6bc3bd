// Issue 73, what an outside walk of the organizations found (decisions 167 and 168), on a 390×844 phone, with and
// without JavaScript: an invitee without an account signs up from the link and lands on the invitation again (then
// finds the members from the dashboard); a pending invitation is withdrawn; « Retirer » asks first and mails.
import { expect, test } from './fixtures';
import {
  joinOrganization,
  linkInMail,
  mailsTo,
  organizationOf,
  signInOnPage,
  submitRegistration,
  unique,
  uniqueEmail,
} from './utils';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

test('invité sans compte : il crée son compte depuis le lien, se connecte et retrouve l’invitation @journey @journey-nojs', async ({
  page,
  browser,
  ports,
  people,
}, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const boss = await people.signIn();
  const club = await organizationOf(ports.store, boss, 'Ski-club', 'ski-club');
  const email = uniqueEmail('invitee');
  await page.goto(`/organizer/membres?id=${club.id}`);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  const link = await linkInMail(email, '/organisation/invitation');

  const invitee = await browser.newPage({ viewport: phone, javaScriptEnabled });
  await invitee.goto(link);
  await invitee.getByRole('link', { name: 'créez-le' }).click();
  await expect(invitee).toHaveURL(/\/auth\/register\?/);
  const password = 'une phrase de passe pour le ski-club';
  const url = new URL(invitee.url());
  expect(url.searchParams.get('redirect')).toBe(link);
  await submitRegistration(invitee, 'Nouvelle caissière', email, password, url.pathname + url.search);
  await expect(invitee).toHaveURL(/\/auth\/login\?/);
  await signInOnPage(invitee, email, password);
  await expect(invitee).toHaveURL(link);
  await invitee.getByRole('button', { name: 'Accepter l’invitation' }).click();
  await expect(invitee.getByTestId('members')).toContainText('Nouvelle caissière');
  // The dashboard leads back to the members' page.
  await invitee.goto('/dashboard');
  await invitee.getByRole('link', { name: 'Membres de l’organisation' }).click();
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText(`Membres de «\u00a0${club.name}\u00a0»`);
  await invitee.close();
});

test('un responsable voit les invitations en attente et en retire une : son lien ne vaut plus @journey-nojs', async ({
  page,
  ports,
  people,
}) => {
  const boss = await people.signIn();
  const club = await organizationOf(ports.store, boss, 'Fanfare', 'fanfare');
  const email = uniqueEmail('retiree');
  await page.goto(`/organizer/membres?id=${club.id}`);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  const link = await linkInMail(email, '/organisation/invitation');
  const pending = page.getByTestId('invitations');
  await expect(pending).toContainText(email);
  await pending.getByRole('button', { name: `Retirer l’invitation de ${email}` }).click();
  await expect(page.getByTestId('flash')).toContainText(`Invitation à ${email} retirée`);
  await expect(page.getByTestId('invitations')).toHaveCount(0);
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    'Ce lien d’invitation n’est plus valable (déjà utilisé, remplacé, retiré ou expiré).',
  );
});

test('« Retirer » demande de confirmer, sans JavaScript aussi ; la personne retirée reçoit un email @journey @journey-nojs', async ({
  page,
  ports,
  people,
}) => {
  const boss = await people.signIn();
  const club = await organizationOf(ports.store, boss, 'Chœur d’hommes', 'choeur');
  const member = await people.createUser({ displayName: unique('Caissier') });
  await joinOrganization(ports.store, club, member);
  await page.goto(`/organizer/membres?id=${club.id}`);
  const row = page.getByTestId('members').locator('li', { hasText: member.displayName });
  await row.getByRole('link', { name: 'Retirer' }).click();
  const confirm = page.getByTestId('confirm-removal');
  await expect(confirm).toContainText(`Retirer ${member.displayName} de l’organisation\u00a0?`);
  // Nothing is removed before the second step; « Annuler » keeps the member.
  await confirm.getByRole('link', { name: 'Annuler' }).click();
  await expect(page.getByTestId('confirm-removal')).toHaveCount(0);
  await expect(row).toBeVisible();
  expect((await ports.store.organizerMembers.listByOrganizer(club.id)).map((m) => m.uid)).toContain(member.uid);

  await row.getByRole('link', { name: 'Retirer' }).click();
  await page.getByRole('button', { name: `Oui, retirer ${member.displayName}` }).click();
  await expect(page.getByTestId('flash')).toContainText('Membre retiré');
  await expect(page.getByTestId('members').locator('li', { hasText: member.displayName })).toHaveCount(0);
  await expect
    .poll(() => mailsTo(member.email).some((m) => m.includes(`${boss.displayName} vous a retiré de`)), {
      timeout: 10_000,
    })
    .toBe(true);
});

test('« Quitter l’organisation » demande aussi de confirmer, sans JavaScript aussi @journey @journey-nojs', async ({
  page,
  ports,
  people,
}) => {
  const boss = await people.createUser({ displayName: unique('Présidente') });
  const club = await organizationOf(ports.store, boss, 'Fanfare du village', 'fanfare');
  const member = await people.signIn({ displayName: unique('Trésorier') });
  await joinOrganization(ports.store, club, member);
  await page.goto(`/organizer/membres?id=${club.id}`);
  const mine = page.getByTestId('members').locator('li', { hasText: '(vous)' });
  await mine.getByRole('link', { name: 'Quitter l’organisation' }).click();
  const confirm = page.getByTestId('confirm-removal');
  await expect(confirm.getByRole('heading')).toHaveText(`Quitter «\u00a0${club.name}\u00a0»\u00a0?`);
  await expect(confirm).not.toContainText('\\u00a0');
  // Nothing happens before the second step.
  expect((await ports.store.organizerMembers.listByOrganizer(club.id)).map((m) => m.uid)).toContain(member.uid);
  await confirm.getByRole('button', { name: 'Oui, quitter l’organisation' }).click();
  await expect(page.getByTestId('flash')).toContainText('Vous avez quitté l’organisation.');
  expect((await ports.store.organizerMembers.listByOrganizer(club.id)).map((m) => m.uid)).not.toContain(member.uid);
});
