// Venues as records for the admins (/admin/lieux, issue 36), with and without JavaScript: a search finds two spellings
// of one hall, merging one into the other keeps every event and leaves its address to the record kept.
import { randomUUID } from 'node:crypto';
import { makeVenue } from '../support/factories';
import { expect, test } from './fixtures';
import { unique } from './utils';

test('un admin fond un lieu dans un autre : les événements suivent, l’ancienne adresse reste à la fiche gardée', async ({
  page,
  ports,
  signIn,
  createEvent,
}) => {
  const hall = unique('Salle du Bourg');
  const kept = makeVenue({
    id: randomUUID(),
    name: hall,
    slug: `${hall}-lausanne`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  });
  const gone = makeVenue({ id: randomUUID(), name: `${hall}, Lausanne`, slug: `${kept.slug}-bis`, status: 'pending' });
  await ports.store.venues.insertMany([kept, gone]);
  const first = await createEvent({ venueId: kept.id });
  const second = await createEvent({ venueId: gone.id });
  await signIn({ role: 'admin' });
  await page.goto('/admin/lieux');
  await page.getByLabel('Nom, localité ou adresse').fill(hall);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'sur' })).toHaveText(/^2 sur \d+ lieux$/);
  const card = page.locator(`#place-${gone.id}`);
  await expect(card.getByText('proposé')).toBeVisible();
  await card.getByText('Fondre dans une autre fiche').click();
  await card.getByLabel('Adresse de la fiche à garder').fill(kept.slug);
  await card.getByRole('button', { name: 'Fondre ce lieu' }).click();
  await expect(page.getByTestId('flash')).toHaveText(
    `« ${gone.name} » est fondu dans « ${hall} » : 1 événement déplacé, son adresse y renvoie.`,
  );
  const keptCard = page.locator(`#place-${kept.id}`);
  await expect(keptCard).toContainText('2 événements');
  await expect(keptCard).toContainText(`anciennes adresses : ${gone.slug}`);
  await expect(page.locator(`#place-${gone.id}`)).toHaveCount(0);
  for (const e of [first, second]) expect((await ports.store.events.findById(e.id))?.venueId).toBe(kept.id);
  expect(await ports.store.venues.findBySlug(gone.slug)).toMatchObject({ record: { id: kept.id }, moved: true });
});

test('un admin renomme un lieu : une adresse prise est refusée à côté du champ, la saisie gardée', async ({
  page,
  ports,
  signIn,
}) => {
  const name = unique('Théâtre du Pré');
  const venue = makeVenue({ id: randomUUID(), name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') });
  const other = makeVenue({ id: randomUUID(), name: unique('Autre salle'), slug: `${venue.slug}-autre` });
  await ports.store.venues.insertMany([venue, other]);
  await signIn({ role: 'admin' });
  await page.goto(`/admin/lieux?q=${encodeURIComponent(name)}`);
  const card = page.locator(`#place-${venue.id}`);
  await card.getByText('Renommer').click();
  await card.getByLabel('Adresse de la page').fill(other.slug);
  await card.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(card.getByRole('alert')).toHaveText(`L’adresse « ${other.slug} » est déjà celle d’une autre fiche.`);
  await expect(card.getByLabel('Adresse de la page')).toHaveValue(other.slug);
  await card.getByLabel('Adresse de la page').fill(`${venue.slug}-neuf`);
  await card.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText(`son adresse est « ${venue.slug}-neuf »`);
  expect(await ports.store.venues.findBySlug(venue.slug)).toMatchObject({ record: { id: venue.id }, moved: true });
});
