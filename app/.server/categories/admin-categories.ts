// Admin use cases of the categories: list with usage, create, edit (never the slug), reorder, deactivate, delete.
import type { Category } from '~/domain/categories';
import type { CategoryCreateInput, CategoryEditInput } from '~/domain/category-form';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';

export interface CategoryDeps {
  store: Store;
}

export interface CategoryWithUsage extends Category {
  /** Events of any status (past ones too) that use it: such a category cannot be deleted. */
  usage: number;
}

const eventCount = (n: number) => `${n} événement${n > 1 ? 's' : ''}`;

export const CATEGORY_ADMIN_MESSAGES = {
  notAdmin: 'Seuls les administrateurs peuvent gérer les catégories.',
  notFound: 'Cette catégorie n’existe pas (ou plus).',
  slugTaken: 'Ce slug est déjà utilisé par une autre catégorie : choisissez-en un autre.',
  alreadyFirst: 'Cette catégorie est déjà la première.',
  alreadyLast: 'Cette catégorie est déjà la dernière.',
  inUse: (n: number) =>
    `Cette catégorie est utilisée par ${eventCount(n)} : elle ne peut pas être supprimée. Vous pouvez la désactiver.`,
} as const;

function assertAdmin(actor: UserProfile): void {
  if (actor.role !== 'admin') throw new UseCaseError(CATEGORY_ADMIN_MESSAGES.notAdmin, 'form', 403);
}

/** What an admin may set on a category, and nothing else the form parsed (never the slug, never the order). */
const editableFields = (input: CategoryEditInput): Pick<Category, 'label' | 'description' | 'color' | 'active'> => ({
  label: input.label,
  description: input.description,
  color: input.color,
  active: input.active,
});

async function existing(deps: CategoryDeps, slug: string): Promise<Category> {
  const category = slug ? await deps.store.categories.findBySlug(slug) : null;
  if (!category) throw new UseCaseError(CATEGORY_ADMIN_MESSAGES.notFound, 'form', 404);
  return category;
}

/** Every category in order, with how many events use it. */
export async function categoriesForAdmin(deps: CategoryDeps, actor: UserProfile): Promise<CategoryWithUsage[]> {
  assertAdmin(actor);
  const [categories, usage] = await Promise.all([deps.store.categories.list(), deps.store.categories.usageCounts()]);
  return categories.map((c) => ({ ...c, usage: usage[c.slug] ?? 0 }));
}

/** A new category, placed after the last one. */
export async function createCategory(
  deps: CategoryDeps,
  actor: UserProfile,
  input: CategoryCreateInput,
): Promise<Category> {
  assertAdmin(actor);
  const created = await deps.store.categories.create({ slug: input.slug, ...editableFields(input) });
  if (!created) throw new UseCaseError(CATEGORY_ADMIN_MESSAGES.slugTaken, 'slug', 400);
  return created;
}

/** Label, description, colour and active state. The slug stays: events and shared links point to it. */
export async function updateCategory(
  deps: CategoryDeps,
  actor: UserProfile,
  slug: string,
  input: CategoryEditInput,
): Promise<Category> {
  assertAdmin(actor);
  const updated = await deps.store.categories.update(slug, editableFields(input));
  if (!updated) throw new UseCaseError(CATEGORY_ADMIN_MESSAGES.notFound, 'form', 404);
  return updated;
}

/** Hides the category from the forms, the filters, the footer and the home page; its events keep it. */
export async function setCategoryActive(
  deps: CategoryDeps,
  actor: UserProfile,
  slug: string,
  active: boolean,
): Promise<Category> {
  assertAdmin(actor);
  const category = await existing(deps, slug);
  return updateCategory(deps, actor, slug, { ...category, active });
}

/** One place up or down (the two neighbours swap, in one transaction). */
export async function moveCategory(
  deps: CategoryDeps,
  actor: UserProfile,
  slug: string,
  direction: 'up' | 'down',
): Promise<Category> {
  assertAdmin(actor);
  const category = await existing(deps, slug);
  if (!(await deps.store.categories.move(slug, direction))) {
    throw new UseCaseError(
      direction === 'up' ? CATEGORY_ADMIN_MESSAGES.alreadyFirst : CATEGORY_ADMIN_MESSAGES.alreadyLast,
      'form',
      400,
    );
  }
  return category;
}

/** Deletes a category no event uses; a used one is refused (deactivating it is the way to retire it). */
export async function deleteCategory(deps: CategoryDeps, actor: UserProfile, slug: string): Promise<Category> {
  assertAdmin(actor);
  const category = await existing(deps, slug);
  const { deleted, usage } = await deps.store.categories.delete(slug);
  if (usage > 0) throw new UseCaseError(CATEGORY_ADMIN_MESSAGES.inUse(usage), 'delete', 409);
  if (!deleted) throw new UseCaseError(CATEGORY_ADMIN_MESSAGES.notFound, 'form', 404);
  return category;
}
