// Where the events of a followed source land, asked alike by a calendar source (/admin/sources) and a followed
// fediverse account (/admin/federation): their category, their canton, the organiser shown, and whether they skip
// moderation.
import { CANTON_CHOICES, categoryChoices } from '~/components/form/choices';
import { Checkbox, type FieldMeta, SelectField, TextField } from '~/components/form/Field';

export function SourceDestinationFields({
  fields,
  categories,
  categoryLabel,
}: {
  fields: Record<string, FieldMeta>;
  categories: readonly { slug: string; label: string }[];
  categoryLabel: string;
}) {
  return (
    <>
      <SelectField
        meta={fields.category}
        label={categoryLabel}
        placeholder="Choisir…"
        options={categoryChoices(categories)}
      />
      <SelectField meta={fields.canton} label="Canton" placeholder="Choisir…" options={CANTON_CHOICES} />
      <TextField meta={fields.organizerName} label="Organisateur affiché" />
    </>
  );
}

/** The source's events are published without moderation (each publication is logged). */
export function TrustedSourceCheckbox({ meta }: { meta: FieldMeta }) {
  return (
    <Checkbox
      meta={meta}
      label={
        'Source de confiance\u00a0: ses événements sont publiés sans modération (chaque publication est journalisée).'
      }
    />
  );
}
