// An organizer account edits its organizer's profile (issue 36, decision 095), with and without JavaScript: a bad web
// address is refused in French beside its field with what was typed kept; the sent profile waits for an admin while the
// public page keeps the previous one; « Publier le profil » makes it public; another organizer's profile is not reachable.
import { randomUUID } from 'node:crypto';
import { slugify } from '../../app/domain/slug';
import { makeOrganizer } from '../support/factories';
import { expect, test } from './fixtures';
import { unique } from './utils';

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

test('un organisateur modifie son profil, relu par un admin avant que le public le voie ; le profil d’un autre reste fermé', async ({
  page,
  ports,
  people,
  browser,
  baseURL,
}) => {
  const organizer = await people.createUser();
  const name = unique('Société de jeunesse de Savièse');
  const mine = makeOrganizer({
    id: randomUUID(),
    name,
    slug: slugify(name),
    description: 'Ancienne description.',
    accountUids: [organizer.uid],
    status: 'approved',
  });
  const other = makeOrganizer({ id: randomUUID(), name: unique('Chœur mixte de Nendaz'), status: 'approved' });
  await ports.store.organizers.insertMany([mine, other]);
  const orga = await people.pageAs(organizer, { javaScriptEnabled: withJavaScript() });

  await orga.goto('/organizer/organisateur');
  await expect(orga.getByRole('heading', { level: 1 })).toHaveText(`Profil de «\u00a0${name}\u00a0»`);
  const description = orga.getByLabel('Description', { exact: true });
  const website = orga.getByLabel('Site web', { exact: true });
  const newText = `Fêtes de village et bals depuis 1923 (${randomUUID().slice(0, 6)}).`;
  await description.fill(newText);
  // An address the browser accepts (type=url) and the server does not: only http(s) is a website here.
  await website.fill('ftp://jeunesse-saviese.ch');
  await orga.getByRole('button', { name: /Envoyer/ }).click();
  // Refused beside its field, in French, and nothing typed is lost.
  await expect(orga.getByText('Indiquez une adresse web complète commençant par https://.')).toBeVisible();
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  await expect(description).toHaveValue(newText);
  await expect(website).toHaveValue('ftp://jeunesse-saviese.ch');
  expect((await ports.store.organizers.findById(mine.id))?.revision ?? null).toBeNull();

  await website.fill('https://jeunesse-saviese.ch');
  await orga.getByRole('button', { name: /Envoyer/ }).click();
  await expect(orga.getByText(/il sera publié dès qu’un administrateur l’aura relu/)).toBeVisible();
  await expect(orga.getByTestId('profile-waiting')).toBeVisible();

  // Another organizer's profile: not found, whatever the address says.
  const refused = await orga.goto(`/organizer/organisateur?id=${other.id}`);
  expect(refused?.status()).toBe(404);

  // The public still reads the previous profile.
  await page.goto(`/organisateurs/${mine.slug}`);
  await expect(page.getByTestId('organizer-page')).toContainText('Ancienne description.');
  await expect(page.getByTestId('organizer-page')).not.toContainText(newText);

  // The admin publishes it: the public page shows it, with its website.
  await people.signIn({ role: 'admin' });
  await page.goto('/admin/organisateurs');
  const awaiting = page.locator('article', { hasText: name });
  await expect(awaiting).toContainText(newText);
  await awaiting.getByRole('button', { name: 'Publier le profil' }).click();
  await expect(page.locator('article', { hasText: newText })).toHaveCount(0);
  await expect.poll(async () => (await ports.store.organizers.findById(mine.id))?.description).toBe(newText);
  // A visitor (no session, the page cache's side) reads the published profile.
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto(`/organisateurs/${mine.slug}`);
  await expect(visitor.getByTestId('organizer-page')).toContainText(newText);
  await expect(visitor.getByRole('link', { name: 'Site web de l’organisateur' })).toHaveAttribute(
    'href',
    'https://jeunesse-saviese.ch',
  );
  await visitor.close();
});
