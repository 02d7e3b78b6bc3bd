// Partners and donors (/admin/partners), with and without JavaScript. The server is shared by parallel tests:
// each test changes only partners it created itself, never the seeded ones.
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { csrfToken, DATA_DIR, login, queryDb, unique } from './utils';

const AFFICHE = path.resolve('tests/e2e/fixtures/affiche.jpg');

interface PartnerRow {
  id: string;
  slug: string;
  name: string;
  kind: string;
  description: string;
  logo: string | null;
  website_url: string;
  sort_order: number;
  active: number;
}

const partnerNamed = (name: string) => queryDb<PartnerRow>('SELECT * FROM partners WHERE name = ?', name)[0];
const partnerById = (id: string) => queryDb<PartnerRow>('SELECT * FROM partners WHERE id = ?', id)[0];
const seededPartners = () =>
  queryDb<PartnerRow>("SELECT * FROM partners WHERE logo LIKE '/images/partners/%' ORDER BY id");
/** The files of an uploaded logo (`/uploads/partners/<id>-800.webp`) that are on disk. */
const logoFiles = (logo: string | null) => {
  const base = logo?.match(/^\/uploads\/(partners\/[a-z0-9]+)-800\.webp$/)?.[1];
  if (!base) throw new Error(`pas un logo envoyé : ${logo}`);
  return [400, 800, 1600]
    .map((w) => path.join(DATA_DIR, 'uploads', `${base}-${w}.webp`))
    .filter((file) => fs.existsSync(file));
};

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

/** Creates a partner through the form of the logged-in admin page; returns its row. */
async function createPartner(
  page: Page,
  name: string,
  options: { kind?: 'partenaire' | 'donateur'; logo?: boolean } = {},
): Promise<PartnerRow> {
  await page.goto('/admin/partners');
  const form = editor(page);
  await form.getByLabel('Nom', { exact: true }).fill(name);
  await form.getByLabel('Type', { exact: true }).selectOption(options.kind ?? 'partenaire');
  await form.getByLabel('Description', { exact: true }).fill('Un soutien fidèle de l’agenda, ajouté par les tests.');
  await form.getByLabel('Site web', { exact: true }).fill('https://www.exemple.ch/soutien');
  if (options.logo) await form.getByLabel('Logo (facultatif)').setInputFiles(AFFICHE);
  await form.getByRole('button', { name: 'Ajouter' }).click();
  const word = options.kind === 'donateur' ? 'Le donateur' : 'Le partenaire';
  await expect(page.getByTestId('flash')).toContainText(`${word} « ${name} » est ajouté.`);
  return partnerNamed(name);
}

async function asAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, 'admin');
  return page;
}

test.describe('partenaires et donateurs (admin)', () => {
  test('un admin ajoute un partenaire avec son logo, visible sur /partenaires', async ({ page }) => {
    await login(page, 'admin', '/admin/partners');
    await expect(page.getByRole('heading', { level: 1, name: 'Partenaires & donateurs' })).toBeVisible();
    const name = unique('Partenaire logo');
    const created = await createPartner(page, name, { logo: true });
    expect(created).toMatchObject({
      kind: 'partenaire',
      active: 1,
      website_url: 'https://www.exemple.ch/soutien',
      slug: expect.stringMatching(/^partenaire-logo-[a-z0-9]+$/),
    });
    expect(created.logo).toMatch(/^\/uploads\/partners\/[a-z0-9]{16}-800\.webp$/);
    expect(logoFiles(created.logo)).toHaveLength(3);
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('img', { name: `Logo de ${name}` })).toHaveAttribute('src', created.logo ?? '');
  });

  test('modifier un partenaire : nouveau nom, même adresse, l’ancien logo est effacé', async ({ page }) => {
    await login(page, 'admin');
    const name = unique('Partenaire à modifier');
    const created = await createPartner(page, name, { logo: true });
    const oldFiles = logoFiles(created.logo);
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

    const updated = partnerById(created.id);
    expect(updated).toMatchObject({
      slug: created.slug,
      name: renamed,
      description: 'Une description revue et corrigée.',
      website_url: '',
      sort_order: created.sort_order,
    });
    expect(updated.logo).not.toBe(created.logo);
    expect(logoFiles(updated.logo)).toHaveLength(3);
    expect(oldFiles.filter((f) => fs.existsSync(f))).toEqual([]);
    expect((await page.request.get(created.logo ?? '')).status()).toBe(404);
    const stored = await sharp(logoFiles(updated.logo)[0]).metadata();
    expect(stored.hasAlpha).toBe(true);

    await page.goto(`/partenaires/${created.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
    await expect(page.getByRole('img', { name: `Logo de ${renamed}` })).toHaveAttribute('src', updated.logo ?? '');
  });

  test('Monter et Descendre changent l’ordre de deux donateurs, sans toucher aux autres', async ({ page }) => {
    const seeded = seededPartners();
    await login(page, 'admin');
    const first = await createPartner(page, unique('Donateur premier'), { kind: 'donateur' });
    const second = await createPartner(page, unique('Donateur second'), { kind: 'donateur' });
    // The rank among donors; tests running meanwhile may add or move their own donors, never swap these two.
    const rank = (id: string) =>
      queryDb<{ id: string }>("SELECT id FROM partners WHERE kind = 'donateur' ORDER BY sort_order, name").findIndex(
        (r) => r.id === id,
      );
    const secondAboveOnScreen = async () => {
      const names = await page
        .getByRole('region', { name: /^Donateurs/ })
        .getByTestId('admin-partner-row')
        .allTextContents();
      return names.findIndex((n) => n.includes(second.name)) < names.findIndex((n) => n.includes(first.name));
    };
    const moveSecond = async (label: 'Monter' | 'Descendre', wantAbove: boolean) => {
      for (let i = 0; i < 10 && rank(second.id) < rank(first.id) !== wantAbove; i++) {
        await post(page, () => rowOf(page, second.name).getByRole('button', { name: label }).click());
        const above = rank(second.id) < rank(first.id);
        await expect.poll(secondAboveOnScreen).toBe(above);
      }
      expect(rank(second.id) < rank(first.id)).toBe(wantAbove);
    };

    expect(rank(second.id)).toBeGreaterThan(rank(first.id));
    await moveSecond('Monter', true);
    await expect(page.getByTestId('flash')).toContainText(`« ${second.name} » monte d’une place.`);
    await moveSecond('Descendre', false);
    await expect(page.getByTestId('flash')).toContainText(`« ${second.name} » descend d’une place.`);
    expect(seededPartners()).toEqual(seeded);
  });

  test('désactiver un partenaire le retire de /partenaires ; le réactiver l’y remet', async ({ page }) => {
    await login(page, 'admin');
    const name = unique('Partenaire éphémère');
    const created = await createPartner(page, name);
    await page.goto('/partenaires');
    await expect(page.locator('.partner-grid').getByText(name)).toBeVisible();

    await page.goto('/admin/partners');
    await rowOf(page, name).getByRole('button', { name: 'Désactiver' }).click();
    await expect(page.getByTestId('flash')).toContainText(`« ${name} » est désactivé`);
    expect(partnerById(created.id).active).toBe(0);
    await expect(rowOf(page, name)).toContainText('Désactivé');
    await page.goto('/partenaires');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partenaires & Donateurs');
    await expect(page.getByText(name)).toHaveCount(0);
    expect((await page.request.get(`/partenaires/${created.id}`)).status()).toBe(404);

    await page.goto('/admin/partners');
    await rowOf(page, name).getByRole('button', { name: 'Réactiver' }).click();
    await expect(page.getByTestId('flash')).toContainText(`« ${name} » est réactivé`);
    expect(partnerById(created.id).active).toBe(1);
    await page.goto('/partenaires');
    await expect(page.locator('.partner-grid').getByText(name)).toBeVisible();
  });

  test('une saisie invalide est refusée en français, ce qui est saisi reste, rien n’est enregistré', async ({
    page,
  }) => {
    await login(page, 'admin', '/admin/partners');
    const name = unique('Donateur mal saisi');
    const form = editor(page);
    await form.getByLabel('Nom', { exact: true }).fill(name);
    await form.getByLabel('Type', { exact: true }).selectOption('donateur');
    await form.getByLabel('Description', { exact: true }).fill('Une description à garder.');
    await form.getByLabel('Site web', { exact: true }).fill('www.exemple');
    const refused = await post(page, () => form.getByRole('button', { name: 'Ajouter' }).click());
    expect(refused.status()).toBe(400);
    await expect(form.getByText('Indiquez une adresse web complète commençant par https://')).toBeVisible();
    await expect(form.getByTestId('form-errors')).toBeVisible();
    await expect(form.getByLabel('Nom', { exact: true })).toHaveValue(name);
    await expect(form.getByLabel('Type', { exact: true })).toHaveValue('donateur');
    await expect(form.getByLabel('Description', { exact: true })).toHaveValue('Une description à garder.');
    await expect(form.getByLabel('Site web', { exact: true })).toHaveValue('www.exemple');
    expect(partnerNamed(name)).toBeUndefined();

    // A valid form with a file that is not an image: the pipeline's message, and still nothing stored.
    await form.getByLabel('Nom', { exact: true }).fill('');
    await form.getByLabel('Site web', { exact: true }).fill('https://www.exemple.ch');
    const empty = await post(page, () => form.getByRole('button', { name: 'Ajouter' }).click());
    expect(empty.status()).toBe(400);
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
    expect(partnerNamed(name)).toBeUndefined();
  });

  test('une action d’admin sans jeton CSRF est refusée', async ({ page, browser }) => {
    const admin = await asAdmin(browser);
    const target = await createPartner(admin, unique('Partenaire protégé'));
    await login(page, 'admin');
    const response = await page.request.post('/admin/partners', {
      form: { intent: 'deactivate', id: target.id },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(partnerById(target.id)).toEqual(target);
    await admin.context().close();
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

  test('un organisateur est renvoyé à l’accueil, rien ne change', async ({ page, browser }) => {
    const admin = await asAdmin(browser);
    const target = await createPartner(admin, unique('Cible organisateur'));
    await admin.context().close();
    const seeded = seededPartners();
    await login(page, 'organizer', '/organizer/profile');
    const csrf = await csrfToken(page);
    const name = unique('Partenaire pirate');
    for (const { intent, ...body } of attempts(csrf, target.id, name)) {
      const response = await page.request.post('/admin/partners', { ...body, maxRedirects: 0 });
      expect(response.status(), intent).toBe(302);
      expect(response.headers().location, intent).toBe('/');
    }
    expect(partnerById(target.id)).toEqual(target);
    expect(partnerNamed(name)).toBeUndefined();
    expect(seededPartners()).toEqual(seeded);
  });

  test('un visiteur est renvoyé à la connexion, rien ne change', async ({ page, browser }) => {
    const admin = await asAdmin(browser);
    const target = await createPartner(admin, unique('Cible visiteur'));
    await admin.context().close();
    const seeded = seededPartners();
    await page.goto('/contact');
    const csrf = await csrfToken(page);
    const name = unique('Partenaire anonyme');
    for (const { intent, ...body } of attempts(csrf, target.id, name)) {
      const response = await page.request.post('/admin/partners', { ...body, maxRedirects: 0 });
      expect(response.status(), intent).toBe(302);
      expect(response.headers().location, intent).toBe('/auth/login?redirect=%2Fadmin%2Fpartners');
    }
    expect(partnerById(target.id)).toEqual(target);
    expect(partnerNamed(name)).toBeUndefined();
    expect(seededPartners()).toEqual(seeded);
  });
});
