import { describe, expect, it } from 'vitest';
import { makeEventForm, makeUser } from '../../../tests/support/factories';
import { refusal } from '../../../tests/support/refusal';
import { memoryStore } from '../../../tests/unit/memory-store';
import { CATEGORY_SLUGS, DEFAULT_CATEGORIES } from '../../domain/categories';
import {
  CATEGORY_MESSAGES,
  categoryCreateSchema,
  categoryEditSchema,
  contrastWithWhite,
} from '../../domain/category-form';
import { eventFormSchema, validateEventForm } from '../../domain/event-form';
import { fieldErrors } from '../../domain/forms';
import { submitEvent } from '../events/submissions';
import { feedTitle } from '../feeds/feeds';
import { eventsForFeed } from '../feeds/queries';
import type { UserProfile } from '../ports';
import {
  CATEGORY_ADMIN_MESSAGES,
  categoriesForAdmin,
  createCategory,
  deleteCategory,
  moveCategory,
  setCategoryActive,
  updateCategory,
} from './admin-categories';
import { activeCategorySlugs, categoryInfos } from './categories';

const NOW = new Date('2026-11-22T10:00:00Z');

const user = (uid: string, role: 'organizer' | 'admin'): UserProfile =>
  makeUser({ uid, displayName: uid, role }, { now: new Date('2026-01-01T00:00:00Z') });
const admin = user('admin', 'admin');
const organizer = user('orga', 'organizer');

const jeux = {
  slug: 'jeux-de-societe',
  label: 'Jeux de société',
  description: 'Soirées jeux, tournois et ludothèques.',
  color: '#3d4a5c',
  active: true,
};

const eventForm = makeEventForm(
  { description: 'Le chœur de la Cité chante Noël, avec un vin chaud offert à la sortie.', priceMax: '' },
  { now: NOW },
);

async function setup() {
  const { db, store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  await store.users.upsert({ ...organizer, passwordHash: 'x', now: '' });
  const deps = { store };
  const submit = async (category: string, title = eventForm.title) => {
    const input = eventFormSchema(NOW).parse({ ...eventForm, category, title });
    return (await submitEvent({ store, now: () => NOW }, organizer, input, { submissionKey: title, image: null }))
      .event;
  };
  const slugs = async () => (await store.categories.list()).map((c) => c.slug);
  return { db, store, deps, submit, slugs };
}

describe('catégories : gestion par les admins', () => {
  it('une catégorie créée se place après la dernière, est proposée partout et filtrable', async () => {
    const { store, deps, slugs } = await setup();
    const created = await createCategory(deps, admin, jeux);
    expect(created).toMatchObject({ ...jeux, order: DEFAULT_CATEGORIES.length + 1 });
    expect(await slugs()).toEqual([...CATEGORY_SLUGS, 'jeux-de-societe']);
    expect(await activeCategorySlugs({ store })).toContain('jeux-de-societe');
    expect((await categoryInfos({ store })).at(-1)).toEqual({
      slug: 'jeux-de-societe',
      label: 'Jeux de société',
      color: '#3d4a5c',
      active: true,
    });
  });

  it('un slug déjà pris est refusé sur le champ slug, sans rien changer', async () => {
    const { store, deps } = await setup();
    const before = await store.categories.list();
    const error = await refusal(createCategory(deps, admin, { ...jeux, slug: 'musique', label: 'Autre musique' }));
    expect(error.field).toBe('slug');
    expect(error.message).toBe(CATEGORY_ADMIN_MESSAGES.slugTaken);
    expect(await store.categories.list()).toEqual(before);
  });

  it('modifier change nom, description, couleur et état, jamais le slug ni la place', async () => {
    const { store, deps } = await setup();
    const edit = { label: 'Musiques', description: 'Toutes les musiques.', color: '#123456', active: true };
    // A slug smuggled into the input is not part of the edit.
    const updated = await updateCategory(deps, admin, 'musique', { ...edit, slug: 'musiques' } as typeof edit);
    expect(updated).toMatchObject({ slug: 'musique', order: 1, ...edit });
    expect(await store.categories.findBySlug('musiques')).toBeNull();
    expect(categoryEditSchema.parse({ ...edit, slug: 'musiques', active: 'on' })).not.toHaveProperty('slug');
    const missing = await refusal(updateCategory(deps, admin, 'inconnue', edit));
    expect(missing.status).toBe(404);
  });

  it('monter et descendre échangent deux voisines ; la première ne monte pas, la dernière ne descend pas', async () => {
    const { deps, slugs } = await setup();
    await moveCategory(deps, admin, 'spectacles', 'up');
    expect((await slugs()).slice(0, 3)).toEqual(['spectacles', 'musique', 'expos-musees']);
    await moveCategory(deps, admin, 'spectacles', 'down');
    await moveCategory(deps, admin, 'spectacles', 'down');
    expect((await slugs()).slice(0, 3)).toEqual(['musique', 'expos-musees', 'spectacles']);
    const top = await refusal(moveCategory(deps, admin, 'musique', 'up'));
    expect(top.message).toBe(CATEGORY_ADMIN_MESSAGES.alreadyFirst);
    const bottom = await refusal(moveCategory(deps, admin, 'nature-balades', 'down'));
    expect(bottom.message).toBe(CATEGORY_ADMIN_MESSAGES.alreadyLast);
  });

  it('des places égales (anciennes données) se renumérotent au lieu de rester échangées pour rien', async () => {
    const { db, deps, slugs } = await setup();
    db.prepare("UPDATE categories SET sort_order = 1 WHERE slug IN ('musique', 'spectacles')").run();
    await moveCategory(deps, admin, 'spectacles', 'up');
    expect((await slugs()).slice(0, 2)).toEqual(['spectacles', 'musique']);
    const orders = (db.prepare('SELECT sort_order FROM categories').all() as { sort_order: number }[]).map(
      (r) => r.sort_order,
    );
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('une catégorie utilisée ne se supprime pas : le message dit combien et propose de la désactiver', async () => {
    const { store, deps, submit } = await setup();
    await submit('musique', 'Concert un');
    await submit('musique', 'Concert deux');
    const error = await refusal(deleteCategory(deps, admin, 'musique'));
    expect(error.field).toBe('delete');
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      'Cette catégorie est utilisée par 2 événements : elle ne peut pas être supprimée. Vous pouvez la désactiver.',
    );
    expect(await store.categories.findBySlug('musique')).not.toBeNull();
    const list = await categoriesForAdmin(deps, admin);
    expect(list.find((c) => c.slug === 'musique')?.usage).toBe(2);
    expect(list.find((c) => c.slug === 'spectacles')?.usage).toBe(0);
    expect(CATEGORY_ADMIN_MESSAGES.inUse(1)).toContain('utilisée par 1 événement :');
  });

  it('une catégorie inutilisée se supprime', async () => {
    const { store, deps, slugs } = await setup();
    await createCategory(deps, admin, jeux);
    const deleted = await deleteCategory(deps, admin, 'jeux-de-societe');
    expect(deleted.label).toBe('Jeux de société');
    expect(await slugs()).toEqual([...CATEGORY_SLUGS]);
    expect(await store.categories.findBySlug('jeux-de-societe')).toBeNull();
    expect((await refusal(deleteCategory(deps, admin, 'jeux-de-societe'))).status).toBe(404);
  });

  it('désactivée, elle n’est plus proposée, mais ses événements la gardent (et leur libellé)', async () => {
    const { store, deps, submit } = await setup();
    await createCategory(deps, admin, jeux);
    const event = await submit('jeux-de-societe', 'Soirée jeux');
    await setCategoryActive(deps, admin, 'jeux-de-societe', false);
    const active = await activeCategorySlugs({ store });
    expect(active).not.toContain('jeux-de-societe');
    expect((await store.events.findById(event.id))?.category).toBe('jeux-de-societe');
    expect((await categoryInfos({ store })).find((c) => c.slug === 'jeux-de-societe')).toMatchObject({
      label: 'Jeux de société',
      active: false,
    });
    // The event form refuses it for a new event, with the message of docs/specification.md §8.
    expect(validateEventForm({ ...eventForm, category: 'jeux-de-societe' }, NOW, active).errors.category).toBe(
      'Choisissez une catégorie.',
    );
    expect(validateEventForm({ ...eventForm, category: 'musique' }, NOW, active).ok).toBe(true);
  });

  it('les flux nomment la catégorie avec le libellé du magasin et filtrent sur une catégorie créée', async () => {
    const { store, deps } = await setup();
    await updateCategory(deps, admin, 'musique', { ...DEFAULT_CATEGORIES[0], label: 'Musiques actuelles' });
    const music = await eventsForFeed({ store }, new URLSearchParams('category=musique'), NOW);
    expect(feedTitle(music.filters, music.categories)).toBe('Agenda romand — Musiques actuelles');
    await createCategory(deps, admin, jeux);
    const games = await eventsForFeed({ store }, new URLSearchParams('category=jeux-de-societe'), NOW);
    expect(games.filters.category).toBe('jeux-de-societe');
    await setCategoryActive(deps, admin, 'jeux-de-societe', false);
    const hidden = await eventsForFeed({ store }, new URLSearchParams('category=jeux-de-societe'), NOW);
    expect(hidden.filters.category).toBe('');
  });

  it('un organisateur ne peut rien faire : refus 403 et rien ne change', async () => {
    const { store, deps } = await setup();
    const before = await store.categories.list();
    const attempts = [
      categoriesForAdmin(deps, organizer),
      createCategory(deps, organizer, jeux),
      updateCategory(deps, organizer, 'musique', { ...jeux, label: 'Piraté' }),
      setCategoryActive(deps, organizer, 'musique', false),
      moveCategory(deps, organizer, 'spectacles', 'up'),
      deleteCategory(deps, organizer, 'vie-locale'),
    ];
    for (const attempt of attempts) expect((await refusal(attempt)).status).toBe(403);
    expect(await store.categories.list()).toEqual(before);
  });
});

describe('catégories : validation du formulaire', () => {
  const valid = { slug: 'jeux-de-societe', label: 'Jeux de société', description: '', color: '#3D4A5C', active: 'on' };
  const errorsOf = (values: Record<string, string>) => {
    const parsed = categoryCreateSchema.safeParse(values);
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  it('accepte une catégorie correcte (couleur en minuscules, case cochée)', () => {
    expect(categoryCreateSchema.parse(valid)).toEqual({ ...valid, color: '#3d4a5c', active: true });
    expect(categoryCreateSchema.parse({ ...valid, active: '' }).active).toBe(false);
  });

  it('refuse un slug mal formé, trop court ou trop long, avec un message en français', () => {
    for (const slug of ['Jeux', 'jeux_societe', 'jeux de société', '-jeux', 'jeux-', 'jeux--societe', 'fête']) {
      expect(errorsOf({ ...valid, slug }).slug, slug).toBe(CATEGORY_MESSAGES.slugFormat);
    }
    expect(errorsOf({ ...valid, slug: '' }).slug).toBe(CATEGORY_MESSAGES.slugRequired);
    expect(errorsOf({ ...valid, slug: 'j' }).slug).toBe(CATEGORY_MESSAGES.slugLength);
    expect(errorsOf({ ...valid, slug: 'j'.repeat(41) }).slug).toBe(CATEGORY_MESSAGES.slugLength);
    expect(errorsOf({ ...valid, slug: 'a1-b2' })).toEqual({});
  });

  it('exige un nom, limite la description, veut une couleur #rrggbb assez foncée pour du texte blanc', () => {
    expect(errorsOf({ ...valid, label: '  ' }).label).toBe(CATEGORY_MESSAGES.labelRequired);
    expect(errorsOf({ ...valid, label: 'x'.repeat(61) }).label).toBe(CATEGORY_MESSAGES.labelLength);
    expect(errorsOf({ ...valid, description: 'x'.repeat(301) }).description).toBe(CATEGORY_MESSAGES.descriptionLength);
    expect(errorsOf({ ...valid, color: 'rouge' }).color).toBe(CATEGORY_MESSAGES.colorFormat);
    expect(errorsOf({ ...valid, color: '#ffee00' }).color).toBe(CATEGORY_MESSAGES.colorTooLight);
  });

  it('les couleurs des 12 catégories de départ passent le contraste demandé', () => {
    for (const c of DEFAULT_CATEGORIES) expect(contrastWithWhite(c.color), c.slug).toBeGreaterThanOrEqual(4.5);
  });
});
