// ManageCategories (docs/specification.md §2): the categories in order, created, edited in place, reordered, deactivated or deleted.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import {
  categoriesForAdmin,
  createCategory,
  deleteCategory,
  moveCategory,
  setCategoryActive,
  updateCategory,
} from '~/.server/categories/admin-categories';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { invalid, type ParsedForm, readForm, refused } from '~/.server/platform/refusal';
import { requireAdmin } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { AdminShell } from '~/components/AdminShell';
import { AdminTable } from '~/components/admin/AdminTable';
import { ConfirmPanel } from '~/components/ConfirmAction';
import { categoryCreateSchema, categoryEditSchema } from '~/domain/category-form';
import { pageMeta } from '~/domain/meta';
import { z } from '~/domain/zod';
import { CategoryRow, CONFIRM_DELETE_PARAM, deletion, rowAnchor } from './CategoryRow';
import { CreateCategoryForm } from './CreateCategoryForm';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const categories = await categoriesForAdmin(context.services, admin);
  // Without JavaScript, « Supprimer » leads here first: the confirmation step (ConfirmAction).
  const asked = new URL(request.url).searchParams.get(CONFIRM_DELETE_PARAM);
  const confirmDelete = categories.find((c) => c.slug === asked) ?? null;
  return { categories, confirmDelete: confirmDelete ? { slug: confirmDelete.slug, label: confirmDelete.label } : null };
}

const INTENTS = ['create', 'update', 'move-up', 'move-down', 'deactivate', 'delete'] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: unknown): value is Intent => INTENTS.some((intent) => intent === value);
/** The row's buttons (move, deactivate, delete) carry no field but the row's slug. */
const buttonOnly = z.object({});

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const formData = await guardPost(request, context, { audience: 'signed-in' });
  const deps = context.services;
  const intent = formData.get('intent');
  // The row's category (hidden field), or the slug typed in the create form.
  const slug = String(formData.get('slug') ?? '').trim();
  // Which form the answer goes back to: the create form, or the row of `slug`.
  const extra = { operation: isIntent(intent) ? intent : '', slug };
  let submission: ParsedForm = readForm(formData, buttonOnly);
  const done = async (message: string, anchor?: string) =>
    // The anchor brings the row back into view after a full page load (without JS).
    redirect(`/admin/categories${anchor ? `#${rowAnchor(anchor)}` : ''}`, {
      headers: { 'Set-Cookie': await setFlash(request, context.services, { kind: 'success', message }) },
    });

  try {
    switch (isIntent(intent) ? intent : null) {
      case 'create': {
        const form = readForm(formData, categoryCreateSchema);
        if (form.status !== 'success') return invalid(form, { extra });
        submission = form;
        const created = await createCategory(deps, admin, form.value);
        return done(`Catégorie « ${created.label} » créée.`, created.slug);
      }
      case 'update': {
        // No slug in this schema: a posted one is ignored, the row's slug only says which category.
        const form = readForm(formData, categoryEditSchema);
        if (form.status !== 'success') return invalid(form, { extra });
        submission = form;
        const updated = await updateCategory(deps, admin, slug, form.value);
        return done(`Catégorie « ${updated.label} » enregistrée.`, updated.slug);
      }
      case 'move-up':
      case 'move-down': {
        const up = intent === 'move-up';
        const moved = await moveCategory(deps, admin, slug, up ? 'up' : 'down');
        return done(`« ${moved.label} » est ${up ? 'montée' : 'descendue'} d’une place.`, moved.slug);
      }
      case 'deactivate': {
        const category = await setCategoryActive(deps, admin, slug, false);
        return done(
          `Catégorie « ${category.label} » désactivée : elle n’est plus proposée, ses événements la gardent.`,
          category.slug,
        );
      }
      case 'delete': {
        const deleted = await deleteCategory(deps, admin, slug);
        return done(`Catégorie « ${deleted.label} » supprimée.`);
      }
      default:
        throw new UseCaseError('Action inconnue : rechargez la page et réessayez.');
    }
  } catch (error) {
    return refused(submission, error, { extra });
  }
}

export default function ManageCategoriesPage() {
  const { categories, confirmDelete } = useLoaderData<typeof loader>();
  // Without JS, the answer of a refused form comes back to the page; with JS, to the row's own fetcher.
  const result = useActionData<typeof action>();
  const activeCount = categories.filter((c) => c.active).length;
  return (
    <AdminShell
      title="Catégories"
      lead="Elles classent les événements : le formulaire de publication, les filtres, le pied de page et l’accueil proposent les catégories actives, dans cet ordre."
    >
      {confirmDelete ? <ConfirmPanel back="/admin/categories" {...deletion(confirmDelete, Form)} /> : null}
      <p className="admin-categories__summary">
        {categories.length} catégories, dont {activeCount} actives. Le slug d’une catégorie ne change jamais ; une
        catégorie utilisée ne peut pas être supprimée, mais peut être désactivée.{' '}
        <a href="#nouvelle-categorie">Ajouter une catégorie</a>
      </p>
      <div className="admin-categories__scroll">
        <AdminTable
          className="admin-categories"
          caption="Catégories, dans l’ordre où elles sont proposées"
          columns={['Ordre', 'Couleur', 'Nom', 'Slug', 'Description', 'Événements', 'Active', 'Actions']}
        >
          {categories.map((category, index) => (
            <CategoryRow
              key={category.slug}
              category={category}
              position={index + 1}
              first={index === 0}
              last={index === categories.length - 1}
              pageResult={result && result.operation !== 'create' && result.slug === category.slug ? result : undefined}
            />
          ))}
        </AdminTable>
      </div>
      <CreateCategoryForm pageResult={result && result.operation === 'create' ? result : undefined} />
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Catégories', description: 'Catégories — Agenda romand.', path: '/admin/categories', matches });
