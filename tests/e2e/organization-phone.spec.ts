// Issue 73, organizations, on a 390×844 phone, with and without JavaScript: a « responsable » invites a member by
// email (the link read from the outbox), the member accepts, submits an event « au nom de » the organization, and the
// responsable sees it on the dashboard and may edit it (decision 167).
import { expect, test } from './fixtures';
import { fillEvent, joinOrganization, linkInMail, organizationOf, unique } from './utils';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

test('un responsable invite un membre, qui publie au nom de l’organisation ; le responsable le voit @journey @journey-nojs', async ({
  page,
  ports,
  people,
  removeAfter,
}, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const boss = await people.signIn();
  const choir = await organizationOf(ports.store, boss, 'Chœur mixte', 'choeur');
  const member = await people.createUser({ displayName: unique('Secrétaire') });

  // The responsable invites by email: the invitation is listed, the mail in the outbox.
  await page.goto(`/organizer/membres?id=${choir.id}`);
  await page.getByLabel('Adresse email').fill(member.email);
  await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(page.getByTestId('invitations')).toContainText(member.email);
  const link = await linkInMail(member.email, '/organisation/invitation');

  // The member accepts, signed in with the invited address.
  const secretary = await people.pageAs(member, { viewport: phone, javaScriptEnabled });
  await secretary.goto(link);
  await secretary.getByRole('button', { name: 'Accepter l’invitation' }).click();
  await expect(secretary.getByTestId('members')).toContainText(member.displayName);

  // The form offers « Publier au nom de »: the person alone, or the organization (chosen first for a new event).
  await secretary.goto('/organizer/submit-event');
  const onBehalf = secretary.getByLabel('Publier au nom de');
  await expect(onBehalf).toHaveValue(choir.id);
  await expect(onBehalf.locator('option', { hasText: 'Vous-même' })).toHaveCount(1);
  const title = unique('Concert de l’Avent');
  await fillEvent(secretary, title);
  await secretary.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(secretary).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
  const id = new URL(secretary.url()).pathname.split('/').pop() as string;
  removeAfter.event(id);

  // The responsable sees it on the dashboard, and may open it to edit: it speaks for the choir.
  await page.goto('/dashboard');
  const row = page.locator('li', { hasText: title });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(new RegExp(`/organizer/edit-event/${id}$`));
  await expect(page.getByLabel('Titre', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Publier au nom de')).toHaveValue(choir.id);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
});

test('l’admin ouvre les membres d’une organisation, change un rôle, retire un membre, jamais le dernier responsable', async ({
  page,
  ports,
  people,
}) => {
  const boss = await people.createUser({ displayName: unique('Présidente') });
  const helper = await people.createUser({ displayName: unique('Caissier') });
  const club = await organizationOf(ports.store, boss, 'Club alpin', 'club');
  await joinOrganization(ports.store, club, helper);

  await people.signIn({ role: 'admin' });
  await page.goto(`/admin/organisateurs?q=${encodeURIComponent(club.name)}`);
  await page.getByRole('link', { name: `Membres et rôles de «\u00a0${club.name}\u00a0»` }).click();
  const members = page.getByTestId('members');
  const bossRow = members.locator('li', { hasText: boss.displayName });
  const helperRow = members.locator('li', { hasText: helper.displayName });
  await expect(helperRow).toContainText('Membre');

  // The only responsable cannot be demoted: the rule of the store, the French message beside the list.
  await bossRow.getByRole('button', { name: 'Rendre membre' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'nommez d’abord un autre responsable' })).toBeVisible();
  await expect(bossRow).toContainText('Responsable');

  await helperRow.getByRole('button', { name: 'Nommer responsable' }).click();
  await expect(helperRow).toContainText('Responsable');
  await bossRow.getByRole('link', { name: 'Retirer' }).click();
  await page.getByRole('button', { name: `Oui, retirer ${boss.displayName}` }).click();
  await expect(members.locator('li', { hasText: boss.displayName })).toHaveCount(0);
  await expect
    .poll(async () => (await ports.store.organizerMembers.listByOrganizer(club.id)).map((m) => m.uid))
    .toEqual([helper.uid]);
});
