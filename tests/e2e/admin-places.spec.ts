// Venues as records for the admins (/admin/lieux, issue 36), with and without JavaScript: a search finds two spellings
// of one hall, merging one into the other keeps every event and leaves its address to the record kept.
import { randomUUID } from 'node:crypto';
import { makeVenue } from '../support/factories';
import { expect, test } from './fixtures';
import { unique } from './utils';

test.describe('sur un téléphone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('un admin fond par le nom une salle dans son homonyme, compare les deux fiches, puis annule la fusion', async ({
    page,
    ports,
    signIn,
    createEvent,
  }) => {
    const hall = unique('Salle communale');
    const slug = (town: string) => `${hall}-${town}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const place = (town: string, canton: 'NE' | 'GE' | 'FR') =>
      makeVenue({ id: randomUUID(), name: hall, slug: slug(town), locality: town, canton });
    const [kept, gone, third] = [place('Neuchâtel', 'NE'), place('Genève', 'GE'), place('Fribourg', 'FR')];
    await ports.store.venues.insertMany([kept, gone, third]);
    const first = await createEvent({ venueId: kept.id });
    const second = await createEvent({ venueId: gone.id });
    await signIn({ role: 'admin' });
    await page.goto(`/admin/lieux?q=${encodeURIComponent(hall)}`);
    const card = page.locator(`#place-${gone.id}`);
    await card.getByText('Fondre dans une autre fiche').click();
    await card.getByLabel('Nom de la fiche à garder').fill(hall);
    await card.getByRole('button', { name: 'Fondre ce lieu' }).click();
    // Two other halls answer the name: each with its town.
    await page.getByLabel(`${hall} — Neuchâtel (NE) · 1 événement`).check();
    await expect(page.getByLabel(`${hall} — Fribourg (FR) · 0 événement`)).toBeVisible();
    await page.getByRole('button', { name: 'Comparer les deux fiches' }).click();
    await expect(page.getByRole('region', { name: `Disparaît\u00a0: ${hall}` })).toContainText('Genève');
    await expect(page.getByRole('region', { name: `Est gardée\u00a0: ${hall}` })).toContainText('Neuchâtel');
    expect((await ports.store.events.findById(second.id))?.venueId).toBe(gone.id);
    await page.getByRole('button', { name: 'Confirmer la fusion' }).click();
    await expect(page.getByTestId('flash')).toHaveText(
      `«\u00a0${hall} (Genève)\u00a0» est fondu dans «\u00a0${hall} (Neuchâtel)\u00a0»\u00a0: 1 événement déplacé, son adresse y renvoie. Vous pouvez annuler la fusion pendant 24\u00a0h.`,
    );
    const keptCard = page.locator(`#place-${kept.id}`);
    await expect(keptCard).toContainText('2 événements');
    await expect(page.locator(`#place-${gone.id}`)).toHaveCount(0);
    expect((await ports.store.events.findById(second.id))?.venueId).toBe(kept.id);
    await keptCard.getByRole('button', { name: 'Annuler la fusion' }).click();
    await expect(page.getByTestId('flash')).toHaveText(
      `Fusion annulée\u00a0: «\u00a0${hall} (Genève)\u00a0» est de retour avec 1 événement.`,
    );
    await expect(page.locator(`#place-${gone.id}`)).toContainText('Genève (GE) · 1 événement');
    await expect(keptCard).toContainText('1 événement');
    expect((await ports.store.events.findById(second.id))?.venueId).toBe(gone.id);
    expect((await ports.store.events.findById(first.id))?.venueId).toBe(kept.id);
    expect(await ports.store.venues.findBySlug(gone.slug)).toMatchObject({ record: { id: gone.id }, moved: false });
    await ports.store.venues.delete(third.id);
  });
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

test('la fiche d’un lieu sans point le dit, et ce que cela veut dire pour le public (issue 70) @nojs-only', async ({
  page,
  ports,
  signIn,
}) => {
  const name = unique('Grange des Mayens');
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const lost = makeVenue({ id: randomUUID(), name, slug, locality: 'Atlantis', postalCode: '', lat: null, lng: null });
  const placed = makeVenue({ id: randomUUID(), name: `${name} bis`, slug: `${slug}-bis` });
  await ports.store.venues.insertMany([lost, placed]);
  await signIn({ role: 'admin' });
  await page.goto(`/admin/lieux/${lost.id}`);
  await expect(page.getByTestId('venue-without-point')).toHaveText(
    'Ce lieu n’a pas de point sur la carte\u00a0: ses événements n’apparaissent ni sur la carte ni dans «\u00a0Autour de\u00a0». Il prend celui de sa localité («\u00a0Atlantis\u00a0») ou de son NPA (aucun) dès que le répertoire des localités connaît l’un ou l’autre, ou celui que vous choisissez sous «\u00a0Point sur la carte\u00a0».',
  );
  // The admin gives it one by a locality (its name or postcode): an unknown one is refused, in French, kept.
  const field = page.getByLabel('Placer le point sur une localité');
  await field.fill('Atlantide');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.locator('#field-pointLocality-error')).toHaveText(
    'Localité inconnue\u00a0: «\u00a0Atlantide\u00a0». Écrivez-la comme La Poste (par exemple Villars-le-Terroir) ou donnez son NPA (1040).',
  );
  await expect(field).toHaveValue('Atlantide');
  await field.fill('1040');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText('est enregistrée');
  await expect(page.getByTestId('venue-without-point')).toHaveCount(0);
  expect(await ports.store.venues.findById(lost.id)).toMatchObject({
    lat: expect.any(Number),
    lng: expect.any(Number),
  });
  await page.goto(`/admin/lieux/${placed.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(`${name} bis`) })).toBeVisible();
  await expect(page.getByTestId('venue-without-point')).toHaveCount(0);
});
