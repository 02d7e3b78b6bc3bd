import { type Form, useFetcher } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { CategoryWithUsage } from '~/.server/categories/admin-categories';
import { ConfirmAction } from '~/components/ConfirmAction';
import { FormSecurity } from '~/components/FormSecurity';
import { FieldError } from '~/components/form/FieldNotes';
import { type FormResult, firstMessages, keptValues } from '~/components/form/use-app-form';
import categoryEditShape from '~/domain/category-form?schema=categoryEditSchema&form-shape';
import type { action } from './route';

export const CONFIRM_DELETE_PARAM = 'supprimer';

/** The question and the form of a deletion, in the dialog (with JavaScript) or the page's confirmation step. */
export function deletion(category: { slug: string; label: string }, FormComponent: typeof Form) {
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

/**
 * The edit schema's constraints. A row is a table row whose controls join their form by its id, with ids of its own
 * (every row has a « label »): the field family, one `<div class="field">` per field named `field-<name>`, does not
 * fit it, so the row reads the schema's constraints itself rather than retyping them.
 */
const EDIT_CONSTRAINTS = categoryEditShape.constraint;

export const rowAnchor = (slug: string) => `categorie-${slug}`;
const eventCount = (n: number) => (n === 0 ? 'aucun' : String(n));

/** A cell of the row's edit form: its label (shown on a phone, said only by screen readers beside the column's
 * header), the control, and its message. */
function EditCell({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <td className={error ? 'field--invalid' : undefined}>
      <label htmlFor={id} className="admin-categories__cell-label">
        {label}
      </label>
      {children}
      <FieldError id={id} message={error} />
    </td>
  );
}

/** The action's answer to a form of the page: which one (`operation`, the row's `slug`), and conform's reply. */
export type ActionResult = { operation: string; slug: string } & Partial<FormResult>;

export function CategoryRow({
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
  const errors = firstMessages(result);
  // After a refused edit, the row shows what the admin typed, not the stored values.
  const typed = result?.operation === 'update' ? (keptValues(result) ?? null) : null;
  const formId = `${rowAnchor(c.slug)}-edition`;
  const id = (field: string) => `${rowAnchor(c.slug)}-${field}`;
  const invalid = (field: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id(field)}-error` } : {};
  /** What every control of the row's edit form carries: its id, its name, its form, its message when refused. */
  const control = (field: string) => ({ id: id(field), name: field, form: formId, ...invalid(field) });
  const rowMessage = errors.delete ?? errors[''];

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
        <EditCell id={id('color')} label="Couleur" error={errors.color}>
          <span className="admin-categories__swatch" style={{ background: c.color }} aria-hidden="true" />
          <input
            type="color"
            {...control('color')}
            defaultValue={typed?.color ?? c.color}
            className="admin-categories__color"
          />
        </EditCell>
        <EditCell id={id('label')} label="Nom" error={errors.label}>
          <input
            type="text"
            {...control('label')}
            required={EDIT_CONSTRAINTS.label?.required}
            minLength={EDIT_CONSTRAINTS.label?.minLength}
            maxLength={EDIT_CONSTRAINTS.label?.maxLength}
            defaultValue={typed?.label ?? c.label}
          />
        </EditCell>
        <td>
          <code className="admin-categories__slug" title="Le slug ne change jamais">
            {c.slug}
          </code>
        </td>
        <EditCell id={id('description')} label="Description" error={errors.description}>
          <textarea
            {...control('description')}
            rows={2}
            maxLength={EDIT_CONSTRAINTS.description?.maxLength}
            defaultValue={typed?.description ?? c.description}
          />
        </EditCell>
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
