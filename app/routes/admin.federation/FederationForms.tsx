// The forms of /admin/federation: follow a remote actor as a source, block a domain (conform on the server's schemas).
import { Form } from '@remix-run/react';
import { FormSecurity } from '~/components/FormSecurity';
import { CANTON_CHOICES, categoryChoices } from '~/components/form/choices';
import { ErrorSummary } from '~/components/form/ErrorSummary';
import { Checkbox, SelectField, TextField } from '~/components/form/Field';
import { type FormAnswer, useAppForm } from '~/components/form/use-app-form';
import { useFormKey } from '~/components/useFormKey';
import { BLOCK_FIELDS, blockSchema, REMOTE_SOURCE_FIELDS, remoteSourceSchema } from '~/domain/federation-form';

export function RemoteSourceForm({
  categories,
  answer,
}: {
  categories: readonly { slug: string; label: string }[];
  answer: FormAnswer | null;
}) {
  const { fields, form, attempt, formProps } = useAppForm({
    id: 'federation-follow',
    schema: remoteSourceSchema,
    answer,
    defaultValue: { canton: '', ...keptValues(answer) },
  });
  const formKey = useFormKey(answer);
  return (
    <>
      <ErrorSummary
        errors={form.allErrors}
        attempt={attempt}
        order={REMOTE_SOURCE_FIELDS}
        title="Le compte n’a pas été suivi : corrigez les champs signalés ci-dessous."
      />
      <Form key={formKey} method="post" className="form" {...formProps}>
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value="follow" />
        <TextField
          meta={fields.handle}
          label="Compte à suivre"
          hint="Par exemple @evenements@gancio.exemple ou @groupe@mobilizon.exemple, ou l’adresse https:// de son profil."
        />
        <SelectField
          meta={fields.category}
          label="Catégorie de ses événements"
          placeholder="Choisir…"
          options={categoryChoices(categories)}
        />
        <SelectField meta={fields.canton} label="Canton" placeholder="Choisir…" options={CANTON_CHOICES} />
        <TextField meta={fields.organizerName} label="Organisateur affiché" />
        <Checkbox
          meta={fields.trusted}
          label="Source de confiance : ses événements sont publiés sans modération (chaque publication est journalisée)."
        />
        <button type="submit" className="button button--primary">
          Suivre ce compte
        </button>
      </Form>
    </>
  );
}

export function BlockForm({ answer }: { answer: FormAnswer | null }) {
  const { fields, form, attempt, formProps } = useAppForm({
    id: 'federation-block',
    schema: blockSchema,
    answer,
    defaultValue: keptValues(answer),
  });
  const formKey = useFormKey(answer);
  return (
    <>
      <ErrorSummary
        errors={form.allErrors}
        attempt={attempt}
        order={BLOCK_FIELDS}
        title="Le domaine n’a pas été bloqué : corrigez le champ signalé ci-dessous."
      />
      <Form key={formKey} method="post" className="form" {...formProps}>
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value="block" />
        <TextField
          meta={fields.domain}
          label="Domaine à bloquer"
          hint="Par exemple exemple.social : ses sous-domaines sont bloqués aussi."
        />
        <button type="submit" className="button button--danger">
          Bloquer ce domaine
        </button>
      </Form>
    </>
  );
}

/** What the admin typed, given back by a refusal: shown again in the fields. */
function keptValues(answer: FormAnswer | null): Record<string, string> {
  return Object.fromEntries(
    Object.entries(answer?.values ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
