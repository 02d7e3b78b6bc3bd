import { useFetcher } from '@remix-run/react';
import { type FormEvent, useEffect, useRef } from 'react';
import { FormSecurity } from '~/components/FormSecurity';
import { RequiredNote, TextAreaField, TextField } from '~/components/form/Field';
import { keptValues, useAppForm } from '~/components/form/use-app-form';
import { CATEGORY_SLUG_MAX, CATEGORY_SLUG_MIN } from '~/domain/categories';
import categoryCreateShape from '~/domain/category-form?schema=categoryCreateSchema&form-shape';
import { slugify } from '~/domain/slug';
import type { ActionResult } from './CategoryRow';
import type { action } from './route';

const DEFAULT_COLOR = '#1f5f8b';

export function CreateCategoryForm({ pageResult }: { pageResult: ActionResult | undefined }) {
  const fetcher = useFetcher<typeof action>();
  const result: ActionResult | undefined = fetcher.data ?? pageResult;
  const typed = keptValues(result);
  // conform on the schema the action parses with: the constraints (required, lengths, the slug's pattern) come from
  // it. Checked at sending: the button sits right below the fields.
  const {
    form: conform,
    fields,
    formProps,
  } = useAppForm({
    id: 'category-create',
    shape: categoryCreateShape,
    check: () => import('~/domain/category-form').then((m) => ({ schema: m.categoryCreateSchema })),
    lastResult: result,
    defaultValue: { color: DEFAULT_COLOR, active: 'on' },
    shouldValidate: 'onSubmit',
  });
  const formMessage = conform.errors?.[0];
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
      {formMessage ? (
        <p className="notice notice--error" role="alert">
          {formMessage}
        </p>
      ) : null}
      <fetcher.Form
        ref={form}
        method="post"
        className="form admin-categories__create-form"
        preventScrollReset
        {...formProps}
      >
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value="create" />
        <RequiredNote />
        <TextField meta={fields.label} label="Nom" onInput={followLabel} />
        <TextField
          meta={fields.slug}
          label="Slug"
          hint={`De ${CATEGORY_SLUG_MIN} à ${CATEGORY_SLUG_MAX}\u00a0caractères : lettres minuscules sans accents, chiffres et tirets. Il apparaît dans les adresses (/evenements?category=…) et ne pourra plus être modifié.`}
          autoCapitalize="none"
          spellCheck={false}
          onInput={() => {
            slugTouched.current = true;
          }}
        />
        <TextAreaField
          meta={fields.description}
          label="Description"
          rows={2}
          hint="Facultative : une phrase sur ce que la catégorie rassemble."
        />
        <TextField
          meta={fields.color}
          label="Couleur"
          type="color"
          hint="Le nom de la catégorie s’écrit en blanc sur cette couleur : choisissez une teinte assez foncée."
          className="admin-categories__color-field"
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
