// The forms of /admin/federation: follow a remote actor as a source, block a domain (conform on the server's schemas).
import { IntentForm } from '~/components/admin/IntentForm';
import { SourceDestinationFields, TrustedSourceCheckbox } from '~/components/admin/SourceDestinationFields';
import { TextField } from '~/components/form/Field';
import { useAppForm } from '~/components/form/use-app-form';
import blockShape from '~/domain/federation-form?schema=blockSchema&form-shape';
import remoteSourceShape from '~/domain/federation-form?schema=remoteSourceSchema&form-shape';

/**
 * `done` changes when what the form adds changed (a source followed, a domain blocked): the form then starts afresh. A
 * refusal keeps it as typed, with or without JavaScript (remounting it on each answer would empty it with JavaScript).
 */
export function RemoteSourceForm({
  categories,
  answer,
  done,
}: {
  categories: readonly { slug: string; label: string }[];
  answer: unknown;
  done: string;
}) {
  const { fields, summary, formProps } = useAppForm({
    id: 'federation-follow',
    shape: remoteSourceShape,
    check: () => import('~/domain/federation-form').then((m) => ({ schema: m.remoteSourceSchema })),
    lastResult: answer,
    defaultValue: { canton: '' },
  });
  return (
    <IntentForm
      intent="follow"
      formKey={done}
      summary={summary}
      formProps={formProps}
      title={'Le compte n’a pas été suivi\u00a0: corrigez les champs signalés ci-dessous.'}
    >
      <TextField
        meta={fields.handle}
        label="Compte à suivre"
        hint="Par exemple @evenements@gancio.exemple ou @groupe@mobilizon.exemple, ou l’adresse https:// de son profil."
      />
      <SourceDestinationFields fields={fields} categories={categories} categoryLabel="Catégorie de ses événements" />
      <TrustedSourceCheckbox meta={fields.trusted} />
      <button type="submit" className="button button--primary">
        Suivre ce compte
      </button>
    </IntentForm>
  );
}

export function BlockForm({ answer, done }: { answer: unknown; done: string }) {
  const { fields, summary, formProps } = useAppForm({
    id: 'federation-block',
    shape: blockShape,
    check: () => import('~/domain/federation-form').then((m) => ({ schema: m.blockSchema })),
    lastResult: answer,
  });
  return (
    <IntentForm
      intent="block"
      formKey={done}
      summary={summary}
      formProps={formProps}
      title={'Le domaine n’a pas été bloqué\u00a0: corrigez le champ signalé ci-dessous.'}
    >
      <TextField
        meta={fields.domain}
        label="Domaine à bloquer"
        hint={'Par exemple exemple.social\u00a0: ses sous-domaines sont bloqués aussi.'}
      />
      <button type="submit" className="button button--danger">
        Bloquer ce domaine
      </button>
    </IntentForm>
  );
}
