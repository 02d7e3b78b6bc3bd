// ManageCategories (/admin/categories), with and without JavaScript. The server is shared by parallel tests:
// only categories created here are changed; the 12 seeded ones are only read (a refused deletion changes nothing).
import type { Page } from '@playwright/test';
import { CATEGORY_SLUG_MAX, CATEGORY_SLUG_MIN, CATEGORY_SLUGS } from '../../app/domain/categories';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_LABEL_MAX } from '../../app/domain/category-form';
import { expect, type Ports, type TestUser, test, uniqueSlug } from './fixtures';
import { confirmationId, csrfToken, fillEvent, unique } from './utils';

/** The category as the store has it, or null. */
const rowOf = ({ store }: Ports, slug: string) => store.categories.findBySlug(slug);
/** The 12 seeded categories as stored, by slug. */
const seededRows = async ({ store }: Ports) =>
  (await store.categories.list())
    .filter((c) => (CATEGORY_SLUGS as readonly string[]).includes(c.slug))
    .sort((a, b) => (a.slug < b.slug ? -1 : 1));
/**
 * A category's row without its `order`, and the slugs of all categories in order. Other tests running meanwhile add
 * categories at the end and delete theirs (which renumbers the ones after): only a move of this one changes its place
 * among the categories that exist both before and after.
 */
const standing = async ({ store }: Ports, slug: string) => {
  const all = (await store.categories.list()).sort((a, b) => a.order - b.order);
  const row = all.find((c) => c.slug === slug);
  const { order: _order, ...fields } = row ?? { order: 0 };
  return { fields, slugs: all.map((c) => c.slug) };
};
const placeAmong = (slugs: string[], slug: string, kept: (s: string) => boolean) => slugs.filter(kept).indexOf(slug);
const usageOf = async ({ store }: Ports, slug: string) => (await store.categories.usageCounts())[slug] ?? 0;

const tableRow = (page: Page, slug: string) => page.locator(`tr[data-slug="${slug}"]`);

type RemoveAfter = { category(slug: string): void };

/** Creates a category through the admin form (removed after the test if it is still there). */
async function createCategory(page: Page, removeAfter: RemoveAfter, label: string, slug: string, color = '#1f5f8b') {
  removeAfter.category(slug);
  await page.goto('/admin/categories');
  const form = page.locator('#nouvelle-categorie');
  await form.getByLabel('Nom', { exact: true }).fill(label);
  await form.getByLabel('Slug', { exact: true }).fill(slug);
  await form.getByLabel('Couleur', { exact: true }).fill(color);
  await form.getByRole('button', { name: 'Créer la catégorie' }).click();
  await expect(page.getByTestId('flash')).toHaveText(`Catégorie « ${label} » créée.`);
  await expect(tableRow(page, slug)).toBeVisible();
  // Ready for the next one.
  await expect(form.getByLabel('Nom', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Slug', { exact: true })).toHaveValue('');
}

async function deleteCategory(page: Page, ports: Ports, slug: string) {
  await page.goto('/admin/categories');
  await tableRow(page, slug)
    .getByRole('link', { name: /^Supprimer/ })
    .click();
  await page.getByRole('button', { name: /^Oui, supprimer/ }).click();
  await expect(page.getByTestId('flash')).toContainText('supprimée');
  expect(await rowOf(ports, slug)).toBeNull();
}

test.describe('gestion des catégories', () => {
  let admin: TestUser;
  test.beforeEach(async ({ page, createUser, loginAs }) => {
    admin = await createUser({ role: 'admin' });
    await loginAs(page, admin);
  });

  test('une catégorie créée est proposée dans le formulaire de publication, le pied de page et les filtres @journey', async ({
    page,
    ports,
    removeAfter,
  }) => {
    const label = unique('Jeux de société');
    const slug = uniqueSlug('jeux');
    await createCategory(page, removeAfter, label, slug, '#3d4a5c');
    expect(await rowOf(ports, slug)).toMatchObject({ label, color: '#3d4a5c', active: true });
    expect((await rowOf(ports, slug))!.order).toBeGreaterThan(CATEGORY_SLUGS.length);
    const row = tableRow(page, slug);
    await expect(row.getByTestId('usage')).toHaveText('aucun');
    await expect(row.getByLabel('Active', { exact: true })).toBeChecked();

    await page.goto('/organizer/submit-event');
    await expect(page.getByLabel('Catégorie', { exact: true }).locator(`option[value="${slug}"]`)).toHaveText(label);
    const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Catégories' });
    await expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', `/evenements?category=${slug}`);

    await page.goto('/evenements');
    await expect(page.locator(`#filter-category option[value="${slug}"]`)).toHaveText(label);
    await page.goto(`/evenements?category=${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
    await expect(page.locator('#filter-category')).toHaveValue(slug);
    await expect(page.getByTestId('empty-state')).toBeVisible();

    await deleteCategory(page, ports, slug);
    await page.goto('/evenements');
    await expect(page.locator(`#filter-category option[value="${slug}"]`)).toHaveCount(0);
  });

  test('modifier le nom, la description et la couleur sur place ; le slug ne change pas', async ({
    page,
    ports,
    removeAfter,
  }) => {
    const label = unique('Cinéma en plein air');
    const slug = uniqueSlug('cine');
    await createCategory(page, removeAfter, label, slug);
    const renamed = unique('Toiles sous les étoiles');
    const row = tableRow(page, slug);
    await row.getByLabel('Nom', { exact: true }).fill(renamed);
    await row.getByLabel('Description', { exact: true }).fill('Projections en plein air, l’été.');
    await row.getByLabel('Couleur', { exact: true }).fill('#7b2d8e');
    await row.getByRole('button', { name: /^Enregistrer/ }).click();
    await expect(page.getByTestId('flash')).toHaveText(`Catégorie « ${renamed} » enregistrée.`);
    await expect(tableRow(page, slug).getByLabel('Nom', { exact: true })).toHaveValue(renamed);
    expect(await rowOf(ports, slug)).toMatchObject({
      slug,
      label: renamed,
      description: 'Projections en plein air, l’été.',
      color: '#7b2d8e',
      active: true,
    });
    const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Catégories' });
    await expect(footer.getByRole('link', { name: renamed })).toHaveAttribute('href', `/evenements?category=${slug}`);

    // A slug posted with the edit is ignored: the category keeps its own.
    const csrf = await csrfToken(page);
    const response = await page.request.post('/admin/categories', {
      form: { csrf, intent: 'update', slug, newSlug: 'autre-slug', label: renamed, color: '#7b2d8e', active: 'on' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect((await rowOf(ports, slug))?.label).toBe(renamed);
    expect(await rowOf(ports, 'autre-slug')).toBeNull();
    await deleteCategory(page, ports, slug);
  });

  test('monter et descendre changent l’ordre, sans toucher aux catégories de départ', async ({
    page,
    ports,
    removeAfter,
  }) => {
    const seededBefore = await seededRows(ports);
    // Three of our own: the middle one always has one of ours around it, so it never swaps with a seeded one.
    const created = ['Avant', 'Milieu', 'Après'].map((name) => ({ label: unique(name), slug: uniqueSlug('ordre') }));
    for (const c of created) await createCategory(page, removeAfter, c.label, c.slug);
    const middle = created[1];
    const orderOf = async (slug: string) => (await rowOf(ports, slug))!.order;
    const start = await orderOf(middle.slug);
    expect(await orderOf(created[0].slug)).toBeLessThan(start);
    expect(start).toBeGreaterThan(CATEGORY_SLUGS.length);

    await tableRow(page, middle.slug)
      .getByRole('button', { name: /^Descendre/ })
      .click();
    await expect(page.getByTestId('flash')).toHaveText(`« ${middle.label} » est descendue d’une place.`);
    const lower = await orderOf(middle.slug);
    expect(lower).toBeGreaterThan(start);

    await tableRow(page, middle.slug)
      .getByRole('button', { name: /^Monter/ })
      .click();
    await expect(page.getByTestId('flash')).toHaveText(`« ${middle.label} » est montée d’une place.`);
    expect(await orderOf(middle.slug)).toBeLessThan(lower);

    // The table follows the store's order: the seeded ones first, untouched; the first cannot go up.
    // (Polled: without JS, the new page may still be arriving.)
    const rowSlugs = () =>
      page.locator('tr[data-slug]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-slug')));
    await expect.poll(async () => (await rowSlugs()).slice(0, CATEGORY_SLUGS.length)).toEqual([...CATEGORY_SLUGS]);
    await expect(tableRow(page, CATEGORY_SLUGS[0]).getByRole('button', { name: /^Monter/ })).toBeDisabled();
    expect(await seededRows(ports)).toEqual(seededBefore);

    for (const c of created) await deleteCategory(page, ports, c.slug);
  });

  test('supprimer une catégorie utilisée est refusé avec le message ; une inutilisée se supprime @once', async ({
    page,
    ports,
    removeAfter,
  }) => {
    const used = await usageOf(ports, 'musique');
    expect(used).toBeGreaterThan(0);
    await page.goto('/admin/categories');
    await tableRow(page, 'musique')
      .getByRole('link', { name: /^Supprimer/ })
      .click();
    await page.getByRole('button', { name: /^Oui, supprimer/ }).click();
    const message = page.locator('tr[data-slug-message="musique"]');
    await expect(message).toContainText(
      /Cette catégorie est utilisée par \d+ événements : elle ne peut pas être supprimée\. Vous pouvez la désactiver\./,
    );
    const shown = Number((await message.textContent())?.match(/utilisée par (\d+)/)?.[1]);
    expect(shown).toBeGreaterThanOrEqual(used);
    // The offer to deactivate is there; it is not taken (the seeded categories belong to every test).
    await expect(message.getByRole('button', { name: 'Désactiver « Musique »' })).toBeVisible();
    expect(await rowOf(ports, 'musique')).toMatchObject({ active: true, label: 'Musique' });

    const slug = uniqueSlug('vide');
    await createCategory(page, removeAfter, unique('Catégorie vide'), slug);
    await deleteCategory(page, ports, slug);
    await expect(tableRow(page, slug)).toHaveCount(0);
  });

  test('désactiver une catégorie utilisée : plus proposée, mais ses événements la gardent @once', async ({
    page,
    ports,
    removeAfter,
  }) => {
    const label = unique('Contes et légendes');
    const slug = uniqueSlug('contes');
    await createCategory(page, removeAfter, label, slug);

    // One event in it (the admin may publish too).
    const title = unique('Veillée de contes');
    await page.goto('/organizer/submit-event');
    await fillEvent(page, title);
    await page.getByLabel('Catégorie', { exact: true }).selectOption(slug);
    await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
    await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
    const event = (await ports.store.events.findById(confirmationId(page)))!;
    removeAfter.event(event.id);
    expect(event).toMatchObject({ title, category: slug });

    await page.goto('/admin/categories');
    const row = tableRow(page, slug);
    await expect(row.getByTestId('usage')).toHaveText('1');
    await row.getByRole('link', { name: /^Supprimer/ }).click();
    await page.getByRole('button', { name: /^Oui, supprimer/ }).click();
    const message = page.locator(`tr[data-slug-message="${slug}"]`);
    await expect(message).toContainText(
      'Cette catégorie est utilisée par 1 événement : elle ne peut pas être supprimée. Vous pouvez la désactiver.',
    );
    expect(await rowOf(ports, slug)).not.toBeNull();
    await message.getByRole('button', { name: `Désactiver « ${label} »` }).click();
    await expect(page.getByTestId('flash')).toContainText(`Catégorie « ${label} » désactivée`);
    expect((await rowOf(ports, slug))?.active).toBe(false);
    await expect(tableRow(page, slug).getByLabel('Active', { exact: true })).not.toBeChecked();

    const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Catégories' });
    await expect(footer.getByRole('link', { name: 'Musique', exact: true })).toBeVisible();
    await expect(footer.locator(`a[href="/evenements?category=${slug}"]`)).toHaveCount(0);
    await page.goto('/organizer/submit-event');
    await expect(page.getByLabel('Catégorie', { exact: true }).locator(`option[value="${slug}"]`)).toHaveCount(0);
    await page.goto(`/evenements?category=${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Événements à venir');
    // The event keeps its category, shown by name.
    await page.goto(`/evenement/${event.id}`);
    await expect(page.locator('.event-detail__header .chip')).toHaveText(label);
    expect((await ports.store.events.findById(event.id))?.category).toBe(slug);
  });

  test('le formulaire de création tient ses contraintes du schéma : obligatoires marqués, longueurs, forme du slug @once', async ({
    page,
  }) => {
    await page.goto('/admin/categories');
    const form = page.locator('#nouvelle-categorie');
    const name = form.getByLabel('Nom', { exact: true });
    await expect(name).toHaveAttribute('required', '');
    await expect(name).toHaveAttribute('maxlength', String(CATEGORY_LABEL_MAX));
    const slug = form.getByLabel('Slug', { exact: true });
    await expect(slug).toHaveAttribute('required', '');
    await expect(slug).toHaveAttribute('minlength', String(CATEGORY_SLUG_MIN));
    await expect(slug).toHaveAttribute('maxlength', String(CATEGORY_SLUG_MAX));
    // The slug's pattern is the schema's: the browser knows « Pas Valide » is not a slug, « jeux-de-societe » is.
    const mismatch = (value: string) =>
      slug.evaluate((input: HTMLInputElement, typed) => {
        input.value = typed;
        return input.validity.patternMismatch;
      }, value);
    expect(await mismatch('Pas Valide')).toBe(true);
    expect(await mismatch('jeux-de-societe')).toBe(false);
    const description = form.getByLabel('Description', { exact: true });
    await expect(description).not.toHaveAttribute('required');
    await expect(description).toHaveAttribute('maxlength', String(CATEGORY_DESCRIPTION_MAX));
    // The row's edit form reads the same schema.
    const row = page.locator('tr[data-slug="musique"]');
    await expect(row.getByLabel('Nom', { exact: true })).toHaveAttribute('maxlength', String(CATEGORY_LABEL_MAX));
    await expect(row.getByLabel('Nom', { exact: true })).toHaveAttribute('required', '');
  });

  test('une saisie invalide garde les valeurs tapées et explique en français', async ({ page, ports, removeAfter }) => {
    const label = unique('Jeux de piste');
    await page.goto('/admin/categories');
    const form = page.locator('#nouvelle-categorie');
    await form.getByLabel('Nom', { exact: true }).fill(label);
    await form.getByLabel('Slug', { exact: true }).fill('Pas Valide');
    await form.getByLabel('Description', { exact: true }).fill('Chasses au trésor en ville.');
    await form.getByLabel('Couleur', { exact: true }).fill('#ffee00');
    await form.getByRole('button', { name: 'Créer la catégorie' }).click();
    await expect(form.locator('#field-slug-error')).toHaveText(
      'Le slug ne contient que des lettres minuscules sans accents, des chiffres et des tirets, par exemple « jeux-de-societe ».',
    );
    await expect(form.locator('#field-color-error')).toContainText('Cette couleur est trop claire');
    await expect(form.getByLabel('Nom', { exact: true })).toHaveValue(label);
    await expect(form.getByLabel('Slug', { exact: true })).toHaveValue('Pas Valide');
    await expect(form.getByLabel('Description', { exact: true })).toHaveValue('Chasses au trésor en ville.');
    await expect(form.getByLabel('Couleur', { exact: true })).toHaveValue('#ffee00');
    expect((await ports.store.categories.list()).filter((c) => c.label === label)).toEqual([]);

    // A slug already taken: said on the slug field.
    await form.getByLabel('Slug', { exact: true }).fill('musique');
    await form.getByLabel('Couleur', { exact: true }).fill('#1f5f8b');
    await form.getByRole('button', { name: 'Créer la catégorie' }).click();
    await expect(form.locator('#field-slug-error')).toHaveText(
      'Ce slug est déjà utilisé par une autre catégorie : choisissez-en un autre.',
    );
    await expect(form.getByLabel('Nom', { exact: true })).toHaveValue(label);
    expect((await rowOf(ports, 'musique'))?.label).toBe('Musique');

    // In a row: an empty name is refused, the description typed stays.
    const slug = uniqueSlug('piste');
    await createCategory(page, removeAfter, label, slug);
    const row = tableRow(page, slug);
    await row.getByLabel('Nom', { exact: true }).fill('');
    await row.getByLabel('Description', { exact: true }).fill('Texte tapé, pas encore enregistré.');
    await row.getByRole('button', { name: /^Enregistrer/ }).click();
    await expect(row.getByRole('alert')).toHaveText('Indiquez le nom de la catégorie.');
    await expect(row.getByLabel('Description', { exact: true })).toHaveValue('Texte tapé, pas encore enregistré.');
    expect(await rowOf(ports, slug)).toMatchObject({ label, description: '' });

    // The answer is a 400.
    const response = await page.request.post('/admin/categories', {
      form: { csrf: await csrfToken(page), intent: 'create', slug: 'x', label: '', color: 'rouge' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    await deleteCategory(page, ports, slug);
  });
});

test.describe('gestion des catégories refusée', () => {
  const INTENTS = ['create', 'update', 'move-up', 'move-down', 'deactivate', 'delete'];

  test('un organisateur et un visiteur ne peuvent rien changer @once', async ({
    page,
    request,
    ports,
    createUser,
    createCategory: createTarget,
    loginAs,
    removeAfter,
  }) => {
    // A category of this test, as the target of every attempt.
    const { slug } = await createTarget({ label: unique('Cible'), slug: uniqueSlug('cible') });
    const before = await standing(ports, slug);
    const seededBefore = await seededRows(ports);
    const newSlug = uniqueSlug('pirate');
    removeAfter.category(newSlug);

    await loginAs(page, await createUser());
    await page.goto('/dashboard');
    const csrf = await csrfToken(page);
    for (const intent of INTENTS) {
      const form = {
        csrf,
        intent,
        slug: intent === 'create' ? newSlug : slug,
        label: 'Piratée',
        description: '',
        color: '#000000',
        active: '',
      };
      const asOrganizer = await page.request.post('/admin/categories', { form, maxRedirects: 0 });
      expect(asOrganizer.status(), intent).toBe(302);
      expect(asOrganizer.headers().location, intent).toBe('/');
      const asVisitor = await request.post('/admin/categories', { form, maxRedirects: 0 });
      expect(asVisitor.status(), intent).toBe(302);
      expect(asVisitor.headers().location, intent).toBe('/auth/login?redirect=%2Fadmin%2Fcategories');
    }
    const after = await standing(ports, slug);
    expect(after.fields).toEqual(before.fields);
    const inBoth = (s: string) => before.slugs.includes(s) && after.slugs.includes(s);
    expect(placeAmong(after.slugs, slug, inBoth)).toBe(placeAmong(before.slugs, slug, inBoth));
    expect(await rowOf(ports, newSlug)).toBeNull();
    expect(await seededRows(ports)).toEqual(seededBefore);

    // The page itself: the organizer goes home, the visitor to the login page.
    await page.goto('/admin/categories');
    await expect(page).toHaveURL('/');
    const visitor = await request.get('/admin/categories', { maxRedirects: 0 });
    expect(visitor.headers().location).toBe('/auth/login?redirect=%2Fadmin%2Fcategories');
  });

  test('une action d’admin sans jeton CSRF est refusée @once', async ({
    page,
    ports,
    createUser,
    createCategory: createTarget,
    loginAs,
  }) => {
    const { slug } = await createTarget({ label: unique('Sans jeton'), slug: uniqueSlug('sans-jeton') });
    await loginAs(page, await createUser({ role: 'admin' }));
    await page.goto('/admin/categories');
    const before = await rowOf(ports, slug);
    for (const intent of INTENTS) {
      const response = await page.request.post('/admin/categories', {
        form: { intent, slug, label: 'Piratée', color: '#000000' },
        maxRedirects: 0,
      });
      expect(response.status(), intent).toBe(403);
    }
    expect(await rowOf(ports, slug)).toEqual(before);
  });
});
