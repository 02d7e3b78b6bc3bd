import { Form, useLocation } from '@remix-run/react';
import { FormSecurity } from '~/components/FormSecurity';
import { RequiredNote, SelectField, TextAreaField, TextField } from '~/components/form/Field';
import { FieldError, FieldHint } from '~/components/form/FieldNotes';
import { firstMessages, useAppForm } from '~/components/form/use-app-form';
import { Link } from '~/components/Link';
import { PartnerLogo } from '~/components/PartnerLogo';
import type { Partner } from '~/domain/partner';
import { PARTNER_KIND_LABELS } from '~/domain/partner';
import partnerFormShape from '~/domain/partner-form?schema=partnerFormSchema&form-shape';

interface PartnerEditorProps {
  editing: Partner | null;
  values: Record<string, string>;
  /** The action's answer to this form (conform's reply), when it refused it. */
  answer: unknown;
  formKey: number;
  saving: boolean;
}

const KIND_OPTIONS = Object.entries(PARTNER_KIND_LABELS).map(([value, label]) => ({ value, label }));

export function PartnerEditor(props: PartnerEditorProps) {
  const location = useLocation();
  // conform reads the values and messages to show when a form starts: each answer, each page, each partner edited
  // starts a new one.
  return <PartnerForm key={`${location.key}-${props.formKey}-${props.editing?.id ?? 'new'}`} {...props} />;
}

/** The form on the schema the action parses with (constraints and checks from it); the logo is the server's alone. */
function PartnerForm({ editing, values, answer, saving }: PartnerEditorProps) {
  // The messages only the server gives: the logo's, the whole form's.
  const errors = firstMessages(answer);
  const formIntent = editing ? 'update' : 'create';
  const { form, fields, formProps } = useAppForm({
    id: 'partner-form',
    shape: partnerFormShape,
    check: () => import('~/domain/partner-form').then((m) => ({ schema: m.partnerFormSchema })),
    lastResult: answer,
    defaultValue: values,
    shouldValidate: 'onSubmit',
  });
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
      {Object.keys(form.allErrors).length > 0 ? (
        <p className="notice notice--error" role="alert" data-testid="form-errors">
          Rien n’a été enregistré : corrigez les champs signalés. Ce que vous avez saisi est conservé.
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="form admin-partners__form" {...formProps}>
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value={formIntent} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {values.pendingLogo ? <input type="hidden" name="pendingLogo" value={values.pendingLogo} /> : null}
        <RequiredNote />
        <TextField meta={fields.name} label="Nom" />
        <SelectField meta={fields.kind} label="Type" options={KIND_OPTIONS} />
        <TextAreaField
          meta={fields.description}
          label="Description"
          rows={4}
          hint="Quelques phrases, montrées sur la page Partenaires & Donateurs."
        />
        <TextField
          meta={fields.websiteUrl}
          label="Site web"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="Facultatif. Adresse complète, par exemple https://www.exemple.ch"
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
        {errors[''] ? (
          <p className="field__error" role="alert">
            {errors['']}
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
