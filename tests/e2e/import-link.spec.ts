// Import from a link (issue 21): an organizer pastes the address of an event page with schema.org JSON-LD, served by
// a local server of the test; the form comes back prefilled (a fetcher with JavaScript, a plain POST without), is
// checked and sent: the event waits for moderation like any submission. The page's image comes with it (a pending
// upload with its preview), or a notice says to add it by hand.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { confirmationId, inDays, openEventForm } from './utils';

let server: http.Server;
let base: string;
const date = inDays(40);
/** The page's poster: a small real JPEG. */
let poster: Buffer;

test.beforeAll(async () => {
  poster = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#1d4e89' } })
    .jpeg()
    .toBuffer();
  server = http.createServer((req, res) => {
    if (req.url === '/affiche.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(poster);
    if (req.url === '/page-perso.jpg') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Non</p>');
    const title = decodeURIComponent((req.url ?? '/').slice(1));
    if (!title.startsWith('Récital')) return res.writeHead(404).end();
    const event = {
      '@context': 'https://schema.org',
      '@type': 'MusicEvent',
      name: title,
      description: '<p>Un récital de piano romantique, <em>Chopin</em> et Liszt, dans la grande salle.</p>',
      startDate: `${date}T19:30:00+01:00`,
      location: {
        '@type': 'Place',
        name: 'Casino de Montbenon',
        address: { '@type': 'PostalAddress', streetAddress: 'Allée Ernest-Ansermet 3', addressLocality: 'Lausanne' },
      },
      offers: { '@type': 'Offer', price: '30', priceCurrency: 'CHF' },
      // A « Récital sans affiche » points at an address that is not an image.
      image: title.includes('sans affiche')
        ? '/page-perso.jpg'
        : { '@type': 'ImageObject', url: '/affiche.jpg', caption: 'Affiche bleue du récital' },
    };
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>x</title><script type="application/ld+json">${JSON.stringify(event)}</script>`);
  });
  // A port of this branch's range (3311–3319) or any free one.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('importer depuis un lien préremplit le formulaire ; l’événement envoyé attend la modération', async ({
  page,
  ports,
  signIn,
}) => {
  const organizer = await openEventForm(page, signIn, { displayName: 'Amis du piano', verified: false });
  const url = page.getByLabel('Adresse de la page de l’événement');
  // A page that does not exist: the French message on the field, the address kept.
  await url.fill(`${base}/absente`);
  await page.getByRole('button', { name: 'Importer depuis un lien' }).click();
  await expect(page.getByText('Le site a répondu HTTP 404 (page introuvable).')).toBeVisible();
  await expect(url).toHaveValue(`${base}/absente`);

  const title = `Récital ${Date.now()}`;
  await url.fill(`${base}/${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: 'Importer depuis un lien' }).click();
  await expect(page.getByTestId('import-notice')).toContainText('Vérifiez les champs importés avant d’envoyer.');
  await expect(page.getByLabel('Titre', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Date de début', { exact: true })).toHaveValue(date);
  await expect(page.getByLabel('Heure de début', { exact: true })).toHaveValue('19:30');
  await expect(page.getByLabel('Lieu', { exact: true })).toHaveValue('Casino de Montbenon');
  await expect(page.getByLabel('Localité', { exact: true })).toHaveValue('Lausanne');
  await expect(page.getByLabel('Canton', { exact: true })).toHaveValue('VD');
  await expect(page.getByLabel('Prix dès (CHF)', { exact: true })).toHaveValue('30');
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue(
    'Un récital de piano romantique, Chopin et Liszt, dans la grande salle.',
  );
  // The page's image, as if the organizer had chosen it: its preview, and its caption as its description.
  await expect(page.getByTestId('import-image-notice')).toContainText('L’image de la page est importée');
  const preview = page.getByRole('img', { name: 'Aperçu de l’image importée depuis la page' });
  await expect(preview).toBeVisible();
  // Visible is not loaded: the image's bytes may still be on their way.
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await expect(page.getByLabel('Description de l’image', { exact: true })).toHaveValue('Affiche bleue du récital');
  // Nothing is saved by the import itself.
  expect(await ports.store.events.listByOwner(organizer.uid)).toHaveLength(0);

  await page.getByLabel('Catégorie', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
  // The organizer sees the imported image on the confirmation, as with an image they had uploaded.
  const shown = page.getByRole('img', { name: 'Affiche bleue du récital' });
  await expect(shown).toBeVisible();
  // Visible is not loaded: the image's bytes may still be on their way.
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  const event = await ports.store.events.findById(confirmationId(page));
  expect(event).toMatchObject({ title, status: 'pending', city: 'Lausanne', canton: 'VD', priceMin: 30 });
  // Stored like an upload: re-encoded, waiting under review/ until an admin approves it (decision 031).
  expect(event?.image).toMatchObject({ alt: 'Affiche bleue du récital', path: expect.stringMatching(/^review\//) });
});

test('une image que le lecteur refuse : le reste est prérempli et le formulaire dit de l’ajouter à la main @once', async ({
  page,
  ports,
  signIn,
}) => {
  await openEventForm(page, signIn, { displayName: 'Amis du piano' });
  const title = `Récital sans affiche ${Date.now()}`;
  await page.getByLabel('Adresse de la page de l’événement').fill(`${base}/${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: 'Importer depuis un lien' }).click();
  await expect(page.getByLabel('Titre', { exact: true })).toHaveValue(title);
  await expect(page.getByTestId('import-image-notice')).toHaveText(
    'L’image de la page n’a pas pu être importée. Type de contenu inattendu (text/html)\u00a0: une image JPEG, PNG, WebP ou AVIF est attendue. Ajoutez-la à la main à l’étape «\u00a06. Image\u00a0», si vous en avez le droit.',
  );
  await expect(page.getByTestId('imported-image')).toHaveCount(0);
  await page.getByLabel('Catégorie', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
  await expect(page.getByText('Aucune\u00a0: vous pouvez en ajouter une en modifiant l’événement.')).toBeVisible();
  const event = await ports.store.events.findById(confirmationId(page));
  expect(event).toMatchObject({ title, image: null });
});

test('un compte de confiance qui importe depuis un lien publie l’événement à l’envoi @once', async ({
  page,
  ports,
  createUser,
  loginAs,
}) => {
  const admin = await createUser({ role: 'admin' });
  const organizer = await createUser({ displayName: 'Salle de confiance' });
  await ports.store.users.setTrusted({
    uid: organizer.uid,
    trusted: true,
    actorUid: admin.uid,
    now: new Date().toISOString(),
  });
  await loginAs(page, organizer);
  await page.goto('/organizer/submit-event');
  const title = `Récital ${Date.now()}`;
  await page.getByLabel('Adresse de la page de l’événement').fill(`${base}/${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: 'Importer depuis un lien' }).click();
  await expect(page.getByLabel('Titre', { exact: true })).toHaveValue(title);
  await page.getByLabel('Catégorie', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
  const event = await ports.store.events.findById(confirmationId(page));
  expect(event).toMatchObject({ title, status: 'approved', createdBy: organizer.uid });
});
