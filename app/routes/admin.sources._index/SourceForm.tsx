// The form of a calendar source (add and edit on /admin/sources): conform on the schema the server parses with.
import { IntentForm } from '~/components/admin/IntentForm';
import { SourceDestinationFields, TrustedSourceCheckbox } from '~/components/admin/SourceDestinationFields';
import { SelectField, TextField } from '~/components/form/Field';
import { useAppForm } from '~/components/form/use-app-form';
import { useFormKey } from '~/components/useFormKey';
import sourceShape from '~/domain/source-form?schema=sourceSchema&form-shape';
import { DEFAULT_SOURCE_INTERVAL, SOURCE_INTERVALS } from '~/domain/source-intervals';

export interface SourceFormProps {
  id: string;
  intent: 'create' | 'update';
  categories: readonly { slug: string; label: string }[];
  /** The action's answer (conform's reply), when it refused the source. */
  answer?: unknown;
  /** The source edited, as the form's values. */
  defaultValue?: Record<string, string>;
  submitLabel: string;
}

export function SourceForm({ id, intent, categories, answer, defaultValue, submitLabel }: SourceFormProps) {
  const { fields, summary, formProps } = useAppForm({
    id,
    shape: sourceShape,
    check: () => import('~/domain/source-form').then((m) => ({ schema: m.sourceSchema })),
    lastResult: answer,
    defaultValue: defaultValue ?? { intervalMinutes: String(DEFAULT_SOURCE_INTERVAL), canton: '' },
  });
  const formKey = useFormKey(answer);
  return (
    <IntentForm
      intent={intent}
      formKey={formKey}
      summary={summary}
      formProps={formProps}
      title="La source n’a pas été enregistrée : corrigez les champs signalés ci-dessous."
    >
      <TextField meta={fields.name} label="Nom de la source" hint="Par exemple « Commune de Nyon »." />
      <TextField
        meta={fields.url}
        label="Adresse du calendrier (iCalendar, .ics)"
        type="url"
        inputMode="url"
        hint="L’adresse https:// du flux .ics que le lieu ou la commune publie."
      />
      <SourceDestinationFields fields={fields} categories={categories} categoryLabel="Catégorie des événements" />
      <SelectField
        meta={fields.intervalMinutes}
        label="Fréquence d’import"
        options={SOURCE_INTERVALS.map((i) => ({ value: String(i.minutes), label: i.label }))}
      />
      <TrustedSourceCheckbox meta={fields.trusted} />
      <button type="submit" className="button button--primary">
        {submitLabel}
      </button>
    </IntentForm>
  );
}
