// A drop-down of a GET form (the list's filters, the embedding configurator): a label, « all » first, then the choices.
// Outside conform: these forms only choose what to show, the server reads whatever is chosen.
import type { Choice } from './choices';

export function ChoiceSelect({
  id,
  name,
  label,
  all,
  choices,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  /** The first entry, which chooses nothing (« Toutes les catégories »). */
  all: string;
  choices: readonly Choice[];
  defaultValue: string | undefined;
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
