// ManageCategories (SPEC §2): the categories in order, created, edited in place, reordered, deactivated or deleted.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import { type FormEvent, useEffect, useRef } from 'react';
import {
  type CategoryWithUsage,
  categoriesForAdmin,
  createCategory,
  deleteCategory,
  moveCategory,
  setCategoryActive,
  updateCategory,
} from '~/.server/categories/admin-categories';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { invalid, refused } from '~/.server/platform/refusal';
import { requireAdmin } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { AdminShell, adminLinks } from '~/components/AdminShell';
import { ConfirmAction, ConfirmPanel } from '~/components/ConfirmAction';
import { Field } from '~/components/Field';
import { FormSecurity } from '~/components/FormSecurity';
import { CATEGORY_SLUG_MAX, CATEGORY_SLUG_MIN } from '~/domain/categories';
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_FORM_FIELDS,
  CATEGORY_LABEL_MAX,
  categoryCreateSchema,
  categoryEditSchema,
} from '~/domain/category-form';
import { type FieldErrors, formValues } from '~/domain/forms';
import { pageMeta } from '~/domain/meta';
import { slugify } from '~/domain/slug';

export const links = adminLinks;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const categories = await categoriesForAdmin(context.services, admin);
  // Without JavaScript, « Supprimer » leads here first: the confirmation step (ConfirmAction).
  const asked = new URL(request.url).searchParams.get(CONFIRM_DELETE_PARAM);
  const confirmDelete = categories.find((c) => c.slug === asked) ?? null;
  return { categories, confirmDelete: confirmDelete ? { slug: confirmDelete.slug, label: confirmDelete.label } : null };
}

const CONFIRM_DELETE_PARAM = 'supprimer';

/** The question and the form of a deletion, in the dialog (with JavaScript) or the page's confirmation step. */
function deletion(category: { slug: string; label: string }, FormComponent: typeof Form) {
  return {
    title: `Supprimer la catégorie « ${category.label} » ?`,
    children: (
      <p>
        C’est définitif. Une catégorie utilisée par des événements ne peut pas être supprimée : vous pourrez la
        désactiver.
      </p>
    ),
    form: (
      <FormComponent method="post" preventScrollReset>
        <FormSecurity honeypot={false} />
        <input type="hidden" name="slug" value={category.slug} />
        <button type="submit" name="intent" value="delete" className="button button--danger">
          Oui, supprimer « {category.label} »
        </button>
      </FormComponent>
    ),
  };
}

const INTENTS = ['create', 'update', 'move-up', 'move-down', 'deactivate', 'delete'] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: unknown): value is Intent => INTENTS.some((intent) => intent === value);

const rowAnchor = (slug: string) => `categorie-${slug}`;
const eventCount = (n: number) => (n === 0 ? 'aucun' : String(n));

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await guardPost(request, context, { audience: 'signed-in' });
  const deps = context.services;
  const intent = formData.get('intent');
  // The row's category (hidden field), or the slug typed in the create form.
  const slug = String(formData.get('slug') ?? '').trim();
  const values = formValues(formData, CATEGORY_FORM_FIELDS);
  const kept = { intent: isIntent(intent) ? intent : '', slug, values };
  const done = async (message: string, anchor?: string) =>
    // The anchor brings the row back into view after a full page load (without JS).
    redirect(`/admin/categories${anchor ? `#${rowAnchor(anchor)}` : ''}`, {
      headers: { 'Set-Cookie': await setFlash(request, { kind: 'success', message }) },
    });

  try {
    switch (isIntent(intent) ? intent : null) {
      case 'create': {
        const parsed = categoryCreateSchema.safeParse(values);
        if (!parsed.success) return invalid(parsed.error, kept);
        const created = await createCategory(deps, admin, parsed.data);
        return done(`Catégorie « ${created.label} » créée.`, created.slug);
      }
      case 'update': {
        // No slug in this schema: a posted one is ignored, the row's slug only says which category.
        const parsed = categoryEditSchema.safeParse(values);
        if (!parsed.success) return invalid(parsed.error, kept);
        const updated = await updateCategory(deps, admin, slug, parsed.data);
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
    return refused(error, kept);
  }
}

type ActionResult = { intent: string; slug: string; errors: FieldErrors; values: Record<string, string> };

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
        <table className="admin-table admin-categories">
          <caption className="visually-hidden">Catégories, dans l’ordre où elles sont proposées</caption>
          <thead>
            <tr>
              <th scope="col">Ordre</th>
              <th scope="col">Couleur</th>
              <th scope="col">Nom</th>
              <th scope="col">Slug</th>
              <th scope="col">Description</th>
              <th scope="col">Événements</th>
              <th scope="col">Active</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {categories.map((category, index) => (
              <CategoryRow
                key={category.slug}
                category={category}
                position={index + 1}
                first={index === 0}
                last={index === categories.length - 1}
                pageResult={result && result.intent !== 'create' && result.slug === category.slug ? result : undefined}
              />
            ))}
          </tbody>
        </table>
      </div>
      <CreateCategoryForm pageResult={result && result.intent === 'create' ? result : undefined} />
    </AdminShell>
  );
}

function CategoryRow({
  category: c,
  position,
  first,
  last,
  pageResult,
}: {
  category: CategoryWithUsage;
  position: number;
  first: boolean;
  last: boolean;
  pageResult: ActionResult | undefined;
}) {
  const fetcher = useFetcher<typeof action>();
  const result: ActionResult | undefined = fetcher.data ?? pageResult;
  const errors = result?.errors ?? {};
  // After a refused edit, the row shows what the admin typed, not the stored values.
  const typed = result?.intent === 'update' ? result.values : null;
  const formId = `${rowAnchor(c.slug)}-edition`;
  const id = (field: string) => `${rowAnchor(c.slug)}-${field}`;
  const invalid = (field: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id(field)}-error` } : {};
  const fieldError = (field: string) =>
    errors[field] ? (
      <p id={`${id(field)}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    ) : null;
  const rowMessage = errors.delete ?? errors.form;

  return (
    <>
      <tr
        id={rowAnchor(c.slug)}
        data-slug={c.slug}
        className={[
          'admin-categories__row',
          c.active ? '' : 'admin-categories__row--inactive',
          fetcher.state === 'idle' ? '' : 'is-busy',
        ]
          .filter(Boolean)
          .join(' ')}
      >
        <td>
          <fetcher.Form method="post" preventScrollReset className="admin-categories__move">
            <FormSecurity honeypot={false} />
            <input type="hidden" name="slug" value={c.slug} />
            <span className="admin-categories__position">{position}</span>
            <button type="submit" name="intent" value="move-up" className="button" disabled={first}>
              Monter<span className="visually-hidden"> « {c.label} »</span>
            </button>
            <button type="submit" name="intent" value="move-down" className="button" disabled={last}>
              Descendre<span className="visually-hidden"> « {c.label} »</span>
            </button>
          </fetcher.Form>
        </td>
        <td className={errors.color ? 'field--invalid' : undefined}>
          <label htmlFor={id('color')} className="admin-categories__cell-label">
            Couleur
          </label>
          <span className="admin-categories__swatch" style={{ background: c.color }} aria-hidden="true" />
          <input
            type="color"
            id={id('color')}
            name="color"
            form={formId}
            defaultValue={typed?.color ?? c.color}
            className="admin-categories__color"
            {...invalid('color')}
          />
          {fieldError('color')}
        </td>
        <td className={errors.label ? 'field--invalid' : undefined}>
          <label htmlFor={id('label')} className="admin-categories__cell-label">
            Nom
          </label>
          <input
            type="text"
            id={id('label')}
            name="label"
            form={formId}
            required
            maxLength={CATEGORY_LABEL_MAX}
            defaultValue={typed?.label ?? c.label}
            {...invalid('label')}
          />
          {fieldError('label')}
        </td>
        <td>
          <code className="admin-categories__slug" title="Le slug ne change jamais">
            {c.slug}
          </code>
        </td>
        <td className={errors.description ? 'field--invalid' : undefined}>
          <label htmlFor={id('description')} className="admin-categories__cell-label">
            Description
          </label>
          <textarea
            id={id('description')}
            name="description"
            form={formId}
            rows={2}
            maxLength={CATEGORY_DESCRIPTION_MAX}
            defaultValue={typed?.description ?? c.description}
            {...invalid('description')}
          />
          {fieldError('description')}
        </td>
        <td className="admin-categories__usage" data-testid="usage">
          {eventCount(c.usage)}
        </td>
        <td>
          <label className="admin-categories__active">
            <input
              type="checkbox"
              name="active"
              form={formId}
              defaultChecked={typed ? typed.active === 'on' : c.active}
            />{' '}
            Active
          </label>
        </td>
        <td>
          <div className="admin-actions">
            <fetcher.Form id={formId} method="post" preventScrollReset noValidate>
              <FormSecurity honeypot={false} />
              <input type="hidden" name="slug" value={c.slug} />
              <button type="submit" name="intent" value="update" className="button button--primary">
                Enregistrer<span className="visually-hidden"> « {c.label} »</span>
              </button>
            </fetcher.Form>
            <ConfirmAction
              href={`/admin/categories?${CONFIRM_DELETE_PARAM}=${encodeURIComponent(c.slug)}`}
              label="Supprimer"
              labelDetail={` « ${c.label} »`}
              {...deletion(c, fetcher.Form as typeof Form)}
            />
          </div>
        </td>
      </tr>
      {rowMessage ? (
        <tr className="admin-categories__message" data-slug-message={c.slug}>
          <td colSpan={8}>
            <div className="notice notice--error admin-categories__notice" role="alert">
              <p>{rowMessage}</p>
              {errors.delete && c.active ? (
                <fetcher.Form method="post" preventScrollReset>
                  <FormSecurity honeypot={false} />
                  <input type="hidden" name="slug" value={c.slug} />
                  <button type="submit" name="intent" value="deactivate" className="button">
                    Désactiver « {c.label} »
                  </button>
                </fetcher.Form>
              ) : null}
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

function CreateCategoryForm({ pageResult }: { pageResult: ActionResult | undefined }) {
  const fetcher = useFetcher<typeof action>();
  const result: ActionResult | undefined = fetcher.data ?? pageResult;
  const errors = result?.errors ?? {};
  const typed = result?.values;
  // With JS, the slug follows the name until the admin types one of their own.
  const slugTouched = useRef(Boolean(typed?.slug));
  // With JS, a category created (the answer was a redirect, so no data) empties the form for the next one.
  // Without JS the page reloads anyway. (Keying the form on the list would also empty it when others add one.)
  const form = useRef<HTMLFormElement>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      wasBusy.current = true;
    } else if (wasBusy.current) {
      wasBusy.current = false;
      if (fetcher.data === undefined) {
        form.current?.reset();
        slugTouched.current = false;
      }
    }
  }, [fetcher.state, fetcher.data]);
  const followLabel = (event: FormEvent<HTMLInputElement>) => {
    const slugInput = event.currentTarget.form?.elements.namedItem('slug');
    if (slugTouched.current || !(slugInput instanceof HTMLInputElement)) return;
    slugInput.value = slugify(event.currentTarget.value).slice(0, CATEGORY_SLUG_MAX).replace(/-+$/, '');
  };

  return (
    <section
      id="nouvelle-categorie"
      className="card admin-categories__create"
      aria-labelledby="nouvelle-categorie-titre"
    >
      <h2 id="nouvelle-categorie-titre">Nouvelle catégorie</h2>
      {errors.form ? (
        <p className="notice notice--error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <fetcher.Form
        ref={form}
        method="post"
        className="form admin-categories__create-form"
        noValidate
        preventScrollReset
      >
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value="create" />
        <Field
          name="label"
          label="Nom"
          required
          maxLength={CATEGORY_LABEL_MAX}
          defaultValue={typed?.label ?? ''}
          error={errors.label}
          onInput={followLabel}
        />
        <Field
          name="slug"
          label="Slug"
          hint={`De ${CATEGORY_SLUG_MIN} à ${CATEGORY_SLUG_MAX} caractères : lettres minuscules sans accents, chiffres et tirets. Il apparaît dans les adresses (/evenements?category=…) et ne pourra plus être modifié.`}
          required
          minLength={CATEGORY_SLUG_MIN}
          maxLength={CATEGORY_SLUG_MAX}
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={typed?.slug ?? ''}
          error={errors.slug}
          onInput={() => {
            slugTouched.current = true;
          }}
        />
        <Field
          name="description"
          label="Description"
          multiline
          rows={2}
          maxLength={CATEGORY_DESCRIPTION_MAX}
          hint="Facultative : une phrase sur ce que la catégorie rassemble."
          defaultValue={typed?.description ?? ''}
          error={errors.description}
        />
        <Field
          name="color"
          label="Couleur"
          type="color"
          hint="Le nom de la catégorie s’écrit en blanc sur cette couleur : choisissez une teinte assez foncée."
          defaultValue={typed?.color ?? '#1f5f8b'}
          error={errors.color}
          className="admin-categories__color"
        />
        <div className="field admin-categories__check">
          <label>
            <input
              type="checkbox"
              name="active"
              className="admin-categories__check-input"
              defaultChecked={typed ? typed.active === 'on' : true}
            />
            Active (proposée aux organisateurs et aux visiteurs)
          </label>
        </div>
        <button type="submit" className="button button--primary">
          Créer la catégorie
        </button>
      </fetcher.Form>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Catégories', description: 'Catégories — Agenda romand.', path: '/admin/categories', matches });
