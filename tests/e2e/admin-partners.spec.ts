// Partners and donors (/admin/partners), with and without JavaScript. The server is shared by parallel tests:
// each test changes only partners it created itself, never the seeded ones.
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { type Partner, uploadedLogoPath } from '../../app/domain/partner';
import { PARTNER_LIMITS } from '../../app/domain/partner-form';
import { expect, type Ports, test } from './fixtures';
import { csrfToken, unique } from './utils';

const AFFICHE = path.resolve('tests/e2e/fixtures/affiche.jpg');

const partnerNamed = async ({ store }: Ports, name: string) =>
  (await store.partners.list()).find((p) => p.name === name) ?? null;
const partnerById = ({ store }: Ports, id: string) => store.partners.findById(id);
const seededPartners = async ({ store }: Ports) =>
  (await store.partners.list())
    .filter((p) => p.logo?.startsWith('/images/partners/'))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
/** Those of the keys the file store holds. */
async function stored({ files }: Ports, keys: string[]): Promise<string[]> {
  const found = await Promise.all(keys.map(async (key) => ((await files.get(key)) ? key : null)));
  return found.filter((key): key is string => key !== null);
}
/** The widths of an uploaded logo (`/uploads/partners/<id>-800.webp`) that the file store holds, as keys. */
async function logoFiles(ports: Ports, logo: string | null): Promise<string[]> {
  const base = uploadedLogoPath(logo);
  if (!base) throw new Error(`pas un logo envoyé : ${logo}`);
  return stored(
    ports,
    [400, 800, 1600].map((w) => `${base}-${w}.webp`),
  );
}

const editor = (page: Page) => page.locator('#admin-partners-form');
const rowOf = (page: Page, name: string) => page.getByTestId('admin-partner-row').filter({ hasText: name });

/** Waits for the POST a click sends to /admin/partners (the database has changed when it answers); with
 * JavaScript, Remix's single fetch posts to /admin/partners.data. */
async function post(page: Page, click: () => Promise<void>) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /^\/admin\/partners(\.data)?$/.test(new URL(r.url()).pathname),
  );
  await click();
  return answered;
}

/** Sends a form the schema refuses. Without JavaScript the server answers 400 with its messages; with JavaScript the
 * same schema refuses it in the browser, and nothing is sent. */
async function sendRefused(page: Page, click: () => Promise<void>) {
  if (test.info().project.use.javaScriptEnabled === false) {
    expect((await post(page, click)).status()).toBe(400);
    return;
  }
  const posted: string[] = [];
  const track = (request: Request) => {
    if (request.method() === 'POST') posted.push(request.url());
  };
  page.on('request', track);
  await click();
  await expect(editor(page).getByTestId('form-errors')).toBeVisible();
  page.off('request', track);
  expect(posted).toEqual([]);
}

/** Creates a partner through the form of the logged-in admin page (removed after the test); returns it as stored. */
/** The partner's public page, open: its name as the heading, its logo. */
async function expectPartnerPage(page: Page, name: string, logo: string | null | undefined) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('img', { name: `Logo de ${name}` })).toHaveAttribute('src', logo ?? '');
}

async function createPartner(
  page: Page,
  ports: Ports,
  removeAfter: { partner(id: string): void },
  name: string,
  options: { kind?: 'partenaire' | 'donateur'; logo?: boolean } = {},
): Promise<Partner> {
  // Not loaded again when open: a second navigation to the same page, right after the first, once lost its answer
  // inside Playwright (« Object with guid response@… was not bound in the connection »).
  if (new URL(page.url()).pathname !== '/admin/partners') await page.goto('/admin/partners');
  const form = editor(page);
  await form.getByLabel('Nom', { exact: true }).fill(name);
  await form.getByLabel('Type', { exact: true }).selectOption(options.kind ?? 'partenaire');
  await form.getByLabel('Description', { exact: true }).fill('Un soutien fidèle de l’agenda, ajouté par les tests.');
  await form.getByLabel('Site web', { exact: true }).fill('https://www.exemple.ch/soutien');
  if (options.logo) await form.getByLabel('Logo (facultatif)').setInputFiles(AFFICHE);
  await form.getByRole('button', { name: 'Ajouter' }).click();
  const word = options.kind === 'donateur' ? 'Le donateur' : 'Le partenaire';
  await expect(page.getByTestId('flash')).toContainText(`${word} « ${name} » est ajouté.`);
  const created = await partnerNamed(ports, name);
  if (!created) throw new Error(`${name} introuvable après son ajout`);
  removeAfter.partner(created.id);
  return created;
}

test.describe('partenaires et donateurs (admin)', () => {
  test('un admin ajoute un partenaire avec son logo, visible sur /partenaires @journey', async ({
    page,
    ports,
    signIn,
    removeAfter,
  }) => {
    await signIn({ role: 'admin' });
    await page.goto('/admin/partners');
    await expect(page.getByRole('heading', { level: 1, name: 'Partenaires & donateurs' })).toBeVisible();
    const name = unique('Partenaire logo');
    const created = await createPartner(page, ports, removeAfter, name, { logo: true });
    expect(created).toMatchObject({
      kind: 'partenaire',
      active: true,
      websiteUrl: 'https://www.exemple.ch/soutien',
      slug: expect.stringMatching(/^partenaire-logo-[a-z0-9]+$/),
    });
    expect(created.logo).toMatch(/^\/uploads\/partners\/[a-z0-9]{16}-800\.webp$/);
    expect(await logoFiles(ports, created.logo)).toHaveLength(3);
    await expect(rowOf(page, name).getByRole('img', { name: `Logo de ${name}` })).toHaveAttribute(
      'src',
      created.logo ?? '',
    );

    await page.goto('/partenaires');
    const card = page.locator('.partner-grid li').filter({ hasText: name });
    const logo = card.locator('img');
    await expect(logo).toHaveAttribute('src', created.logo ?? '');
    await expect(logo).toHaveAttribute('srcset', /-400\.webp 400w, .+-800\.webp 800w, .+-1600\.webp 1600w$/);
    const file = await page.request.get(created.logo ?? '');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/webp');

    await card.getByRole('link').click();
    await expect(page).toHaveURL(`/partenaires/${created.id}`);
    await expectPartnerPage(page, name, created.logo);
  });

  test('modifier un partenaire : nouveau nom, même adresse, l’ancien logo est effacé', async ({
    page,
    ports,
    signIn,
    removeAfter,
  }) => {
    await signIn({ role: 'admin' });
    const name = unique('Partenaire à modifier');
    const created = await createPartner(page, ports, removeAfter, name, { logo: true });
    const oldFiles = await logoFiles(ports, created.logo);
    expect(oldFiles).toHaveLength(3);

    await rowOf(page, name)
      .getByRole('link', { name: `Modifier ${name}`, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/partners\\?edit=${created.id}`));
    const form = editor(page);
    await expect(form.getByRole('heading', { name: `Modifier « ${name} »` })).toBeVisible();
    await expect(form.getByLabel('Nom', { exact: true })).toHaveValue(name);
    const renamed = unique('Partenaire modifié');
    await form.getByLabel('Nom', { exact: true }).fill(renamed);
    await form.getByLabel('Description', { exact: true }).fill('Une description revue et corrigée.');
    await form.getByLabel('Site web', { exact: true }).fill('');
    // A transparent PNG, as logos often are.
    const png = await sharp({
      create: { width: 480, height: 240, channels: 4, background: { r: 200, g: 16, b: 46, alpha: 0.3 } },
    })
      .png()
      .toBuffer();
    await form.getByLabel('Remplacer le logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await form.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(page.getByTestId('flash')).toContainText(`Le partenaire « ${renamed} » est enregistré.`);

    const updated = (await partnerById(ports, created.id))!;
    expect(updated).toMatchObject({
      slug: created.slug,
      name: renamed,
      description: 'Une description revue et corrigée.',
      websiteUrl: '',
      order: created.order,
    });
    expect(updated.logo).not.toBe(created.logo);
    const newFiles = await logoFiles(ports, updated.logo);
    expect(newFiles).toHaveLength(3);
    expect(await stored(ports, oldFiles)).toEqual([]);
    expect((await page.request.get(created.logo ?? '')).status()).toBe(404);
    const kept = await sharp((await ports.files.get(newFiles[0])) ?? Buffer.alloc(0)).metadata();
    expect(kept.hasAlpha).toBe(true);

    await page.goto(`/partenaires/${created.slug}`);
    await expectPartnerPage(page, renamed, updated.logo);
  });

  test('Monter et Descendre changent l’ordre de deux donateurs, sans toucher aux autres', async ({
    page,
    ports,
    signIn,
    removeAfter,
  }) => {
    const seeded = await seededPartners(ports);
    await signIn({ role: 'admin' });
    const first = await createPartner(page, ports, removeAfter, unique('Donateur premier'), { kind: 'donateur' });
    const second = await createPartner(page, ports, removeAfter, unique('Donateur second'), { kind: 'donateur' });
    // The rank among donors; tests running meanwhile may add or move their own donors, never swap these two.
    const rank = async (id: string) =>
      (await ports.store.partners.list()).filter((p) => p.kind === 'donateur').findIndex((p) => p.id === id);
    const secondAbove = async () => (await rank(second.id)) < (await rank(first.id));
    const secondAboveOnScreen = async () => {
      const names = await page
        .getByRole('region', { name: /^Donateurs/ })
        .getByTestId('admin-partner-row')
        .allTextContents();
      return names.findIndex((n) => n.includes(second.name)) < names.findIndex((n) => n.includes(first.name));
    };
    const moveSecond = async (label: 'Monter' | 'Descendre', wantAbove: boolean) => {
      for (let i = 0; i < 10 && (await secondAbove()) !== wantAbove; i++) {
        await post(page, () => rowOf(page, second.name).getByRole('button', { name: label }).click());
        const above = await secondAbove();
        await expect.poll(secondAboveOnScreen).toBe(above);
      }
      expect(await secondAbove()).toBe(wantAbove);
    };

    expect(await rank(second.id)).toBeGreaterThan(await rank(first.id));
    await moveSecond('Monter', true);
    await expect(page.getByTestId('flash')).toContainText(`« ${second.name} » monte d’une place.`);
    await moveSecond('Descendre', false);
    await expect(page.getByTestId('flash')).toContainText(`« ${second.name} » descend d’une place.`);
    expect(await seededPartners(ports)).toEqual(seeded);
  });

  test('désactiver un partenaire le retire de /partenaires ; le réactiver l’y remet', async ({
    page,
    ports,
    signIn,
    removeAfter,
  }) => {
    await signIn({ role: 'admin' });
    const name = unique('Partenaire éphémère');
    const created = await createPartner(page, ports, removeAfter, name);
    await page.goto('/partenaires');
    await expect(page.locator('.partner-grid').getByText(name)).toBeVisible();

    await page.goto('/admin/partners');
    await rowOf(page, name).getByRole('button', { name: 'Désactiver' }).click();
    await expect(page.getByTestId('flash')).toContainText(`« ${name} » est désactivé`);
    expect((await partnerById(ports, created.id))?.active).toBe(false);
    await expect(rowOf(page, name)).toContainText('Désactivé');
    await page.goto('/partenaires');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partenaires & Donateurs');
    await expect(page.getByText(name)).toHaveCount(0);
    expect((await page.request.get(`/partenaires/${created.id}`)).status()).toBe(404);

    await page.goto('/admin/partners');
    await rowOf(page, name).getByRole('button', { name: 'Réactiver' }).click();
    await expect(page.getByTestId('flash')).toContainText(`« ${name} » est réactivé`);
    expect((await partnerById(ports, created.id))?.active).toBe(true);
    await page.goto('/partenaires');
    await expect(page.locator('.partner-grid').getByText(name)).toBeVisible();
  });

  test('une saisie invalide est refusée en français (avec JavaScript, avant l’envoi), ce qui est saisi reste, rien n’est enregistré', async ({
    page,
    ports,
    signIn,
  }) => {
    await signIn({ role: 'admin' });
    await page.goto('/admin/partners');
    const name = unique('Donateur mal saisi');
    const form = editor(page);
    await form.getByLabel('Nom', { exact: true }).fill(name);
    await form.getByLabel('Type', { exact: true }).selectOption('donateur');
    await form.getByLabel('Description', { exact: true }).fill('Une description à garder.');
    await form.getByLabel('Site web', { exact: true }).fill('www.exemple');
    await sendRefused(page, () => form.getByRole('button', { name: 'Ajouter' }).click());
    await expect(
      form.getByText('Indiquez une adresse web complète commençant par https:// (ou laissez le champ vide).'),
    ).toBeVisible();
    await expect(form.getByTestId('form-errors')).toBeVisible();
    await expect(form.getByLabel('Nom', { exact: true })).toHaveValue(name);
    await expect(form.getByLabel('Type', { exact: true })).toHaveValue('donateur');
    await expect(form.getByLabel('Description', { exact: true })).toHaveValue('Une description à garder.');
    await expect(form.getByLabel('Site web', { exact: true })).toHaveValue('www.exemple');
    expect(await partnerNamed(ports, name)).toBeNull();

    // A valid form with a file that is not an image: the pipeline's message, and still nothing stored.
    await form.getByLabel('Nom', { exact: true }).fill('');
    await form.getByLabel('Site web', { exact: true }).fill('https://www.exemple.ch');
    await sendRefused(page, () => form.getByRole('button', { name: 'Ajouter' }).click());
    await expect(form.getByText('Le nom est obligatoire.')).toBeVisible();
    await form.getByLabel('Nom', { exact: true }).fill(name);
    await form.getByLabel('Logo (facultatif)').setInputFiles({
      name: 'logo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
    });
    const badLogo = await post(page, () => form.getByRole('button', { name: 'Ajouter' }).click());
    expect(badLogo.status()).toBe(400);
    await expect(form.getByText('Format d’image non accepté')).toBeVisible();
    await expect(form.getByLabel('Nom', { exact: true })).toHaveValue(name);
    expect(await partnerNamed(ports, name)).toBeNull();
  });

  test('le formulaire tient ses contraintes du schéma : le nom obligatoire et marqué, le site et la description facultatifs @once', async ({
    page,
    signIn,
  }) => {
    await signIn({ role: 'admin' });
    await page.goto('/admin/partners');
    const form = editor(page);
    const name = form.getByLabel('Nom', { exact: true });
    await expect(name).toHaveAttribute('required', '');
    await expect(name).toHaveAttribute('maxlength', String(PARTNER_LIMITS.name));
    const description = form.getByLabel('Description', { exact: true });
    await expect(description).not.toHaveAttribute('required');
    await expect(description).toHaveAttribute('maxlength', String(PARTNER_LIMITS.description));
    const website = form.getByLabel('Site web', { exact: true });
    await expect(website).not.toHaveAttribute('required');
    await expect(website).toHaveAttribute('maxlength', String(PARTNER_LIMITS.websiteUrl));
    // The asterisk of the two required fields (name, type), explained once at the top.
    await expect(form.getByText('Les champs marqués d’un astérisque')).toBeVisible();
    await expect(form.locator('.field__label .field__required')).toHaveCount(2);
  });

  test('une action d’admin sans jeton CSRF est refusée @once', async ({
    page,
    ports,
    signIn,
    createPartner: createTarget,
  }) => {
    const target = await createTarget({ name: unique('Partenaire protégé') });
    await signIn({ role: 'admin' });
    await page.goto('/admin/partners');
    const response = await page.request.post('/admin/partners', {
      form: { intent: 'deactivate', id: target.id },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await partnerById(ports, target.id)).toEqual(target);
  });
});

test.describe('actions sur les partenaires refusées', () => {
  /** Every action of the page, as its forms send them (the create and edit forms in multipart). */
  type Attempt = {
    intent: string;
    form?: Record<string, string>;
    multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
  };
  const attempts = (csrf: string, id: string, name: string): Attempt[] => [
    {
      intent: 'create',
      multipart: {
        csrf,
        intent: 'create',
        name,
        kind: 'partenaire',
        description: 'Tentative.',
        websiteUrl: '',
        active: 'on',
        image: { name: 'logo.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(AFFICHE) },
      },
    },
    {
      intent: 'update',
      multipart: { csrf, intent: 'update', id, name, kind: 'donateur', description: 'Piraté.', websiteUrl: '' },
    },
    ...['up', 'down', 'deactivate', 'activate'].map((intent) => ({ intent, form: { csrf, intent, id } })),
  ];

  /**
   * Sends every action of the page on `target` from the page's visitor, each redirected to `location`; then neither the
   * target nor the seeded partners have changed, and no partner was created.
   */
  async function expectEveryActionRedirected(page: Page, ports: Ports, target: Partner, location: string) {
    const seeded = await seededPartners(ports);
    const csrf = await csrfToken(page);
    const name = unique('Partenaire pirate');
    for (const { intent, ...body } of attempts(csrf, target.id, name)) {
      const response = await page.request.post('/admin/partners', { ...body, maxRedirects: 0 });
      expect(response.status(), intent).toBe(302);
      expect(response.headers().location, intent).toBe(location);
    }
    expect(await partnerById(ports, target.id)).toEqual(target);
    expect(await partnerNamed(ports, name)).toBeNull();
    expect(await seededPartners(ports)).toEqual(seeded);
  }

  test('un organisateur est renvoyé à l’accueil, rien ne change @once', async ({
    page,
    ports,
    signIn,
    createPartner: createTarget,
  }) => {
    const target = await createTarget({ name: unique('Cible organisateur') });
    await signIn();
    await page.goto('/organizer/profile');
    await expectEveryActionRedirected(page, ports, target, '/');
  });

  test('un visiteur est renvoyé à la connexion, rien ne change @once', async ({
    page,
    ports,
    createPartner: createTarget,
  }) => {
    const target = await createTarget({ name: unique('Cible visiteur') });
    await page.goto('/contact');
    await expectEveryActionRedirected(page, ports, target, '/auth/login?redirect=%2Fadmin%2Fpartners');
  });
});
