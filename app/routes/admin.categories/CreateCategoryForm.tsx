import { useFetcher } from '@remix-run/react';
import { type FormEvent, useEffect, useRef } from 'react';
import { Field } from '~/components/Field';
import { FormSecurity } from '~/components/FormSecurity';
import { CATEGORY_SLUG_MAX, CATEGORY_SLUG_MIN } from '~/domain/categories';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_LABEL_MAX } from '~/domain/category-form';
import { slugify } from '~/domain/slug';
import type { ActionResult } from './CategoryRow';
import type { action } from './route';

export function CreateCategoryForm({ pageResult }: { pageResult: ActionResult | undefined }) {
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
