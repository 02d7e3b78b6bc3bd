// A drop-down of a search form sent by GET (the events' filters, the embed configurator): no form library, and a
// first, empty choice that means « all ».
import type { Choice } from '~/components/form/choices';

export function FilterSelect({
  id,
  name,
  label,
  all,
  defaultValue,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  /** The empty choice's words (« Toutes les catégories »). */
  all: string;
  defaultValue: string;
  choices: readonly Choice[];
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        <option value="">{all}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
