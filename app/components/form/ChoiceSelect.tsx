// A drop-down outside conform (the list's filters, the embedding configurator, the light alert form under the list):
// a label, « all » first where nothing may be chosen, then the choices. The server reads whatever is chosen.
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
  /** The first entry, which chooses nothing (« Toutes les catégories »); none when a choice is required. */
  all?: string;
  choices: readonly Choice[];
  defaultValue: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        {all ? <option value="">{all}</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
