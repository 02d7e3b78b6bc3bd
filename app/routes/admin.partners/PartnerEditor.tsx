import { Form, Link, useLocation } from '@remix-run/react';
import { Field } from '~/components/Field';
import { FormSecurity } from '~/components/FormSecurity';
import { FieldError, FieldHint } from '~/components/form/FieldNotes';
import { PartnerLogo } from '~/components/PartnerLogo';
import type { FieldErrors } from '~/domain/forms';
import type { Partner, PartnerKind } from '~/domain/partner';
import { PARTNER_KIND_LABELS, PARTNER_LIMITS } from '~/domain/partner-form';

export function PartnerEditor({
  editing,
  values,
  errors,
  formKey,
  saving,
}: {
  editing: Partner | null;
  values: Record<string, string>;
  errors: FieldErrors;
  formKey: number;
  saving: boolean;
}) {
  const location = useLocation();
  const formIntent = editing ? 'update' : 'create';
  return (
    <section className="admin-partners__editor" id="admin-partners-form" aria-labelledby="admin-partners-form-title">
      <h2 id="admin-partners-form-title">
        {editing ? `Modifier « ${editing.name} »` : 'Ajouter un partenaire ou un donateur'}
      </h2>
      {editing ? (
        <p className="field__hint">
          Adresse publique : /partenaires/{editing.slug} (elle ne change pas, même si le nom change).
        </p>
      ) : null}
      {Object.keys(errors).length > 0 ? (
        <p className="notice notice--error" role="alert" data-testid="form-errors">
          Rien n’a été enregistré : corrigez les champs signalés. Ce que vous avez saisi est conservé.
        </p>
      ) : null}
      <Form
        key={`${location.key}-${formKey}-${editing?.id ?? 'new'}`}
        method="post"
        encType="multipart/form-data"
        className="form admin-partners__form"
        noValidate
      >
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value={formIntent} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {values.pendingLogo ? <input type="hidden" name="pendingLogo" value={values.pendingLogo} /> : null}
        <Field
          name="name"
          label="Nom"
          required
          maxLength={PARTNER_LIMITS.name}
          defaultValue={values.name}
          error={errors.name}
        />
        <div className={`field${errors.kind ? ' field--invalid' : ''}`}>
          <label htmlFor="field-kind">Type</label>
          <select
            id="field-kind"
            name="kind"
            defaultValue={values.kind}
            aria-invalid={errors.kind ? true : undefined}
            aria-describedby={errors.kind ? 'field-kind-error' : undefined}
          >
            {(Object.keys(PARTNER_KIND_LABELS) as PartnerKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {PARTNER_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          <FieldError id="field-kind" message={errors.kind} />
        </div>
        <Field
          name="description"
          label="Description"
          multiline
          rows={4}
          maxLength={PARTNER_LIMITS.description}
          hint="Quelques phrases, montrées sur la page Partenaires & Donateurs."
          defaultValue={values.description}
          error={errors.description}
        />
        <Field
          name="websiteUrl"
          label="Site web"
          type="url"
          inputMode="url"
          maxLength={PARTNER_LIMITS.websiteUrl}
          placeholder="https://"
          hint="Facultatif. Adresse complète, par exemple https://www.exemple.ch"
          defaultValue={values.websiteUrl}
          error={errors.websiteUrl}
        />
        <div className={`field${errors.image ? ' field--invalid' : ''}`}>
          {editing?.logo && !values.pendingLogo ? (
            <div className="admin-partners__current-logo">
              <PartnerLogo logo={editing.logo} width={160} alt={`Logo actuel de ${editing.name}`} />
              <label className="check">
                <input type="checkbox" name="removeLogo" defaultChecked={false} /> Retirer le logo
              </label>
            </div>
          ) : null}
          {values.pendingLogo ? (
            <p className="notice notice--success" data-testid="pending-logo">
              Le logo choisi est conservé : inutile de le choisir à nouveau.
            </p>
          ) : null}
          <label htmlFor="field-image">
            {editing?.logo || values.pendingLogo ? 'Remplacer le logo' : 'Logo (facultatif)'}
          </label>
          <FieldHint id="field-image">
            JPEG, PNG, WebP ou AVIF, 8 Mo au plus ; un PNG à fond transparent convient le mieux.
          </FieldHint>
          <input
            id="field-image"
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp,image/avif"
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={errors.image ? 'field-image-hint field-image-error' : 'field-image-hint'}
          />
          <FieldError id="field-image" message={errors.image} />
        </div>
        <label className="check">
          <input type="checkbox" name="active" defaultChecked={values.active === 'on'} /> Actif : visible sur le site
        </label>
        {errors.form ? (
          <p className="field__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Enregistrement…' : editing ? 'Enregistrer les modifications' : 'Ajouter'}
          </button>
          {editing ? (
            <Link to="/admin/partners" className="button">
              Annuler
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
