// The event form's postcode field (EventFormScreen.tsx): a postcode typed before the town fills the town, and through
// it the canton and the position, as if typed (issue 70: « 1004 » is Lausanne). A postcode of several localities
// (« 1040 »: Echallens, Saint-Barthélemy, Villars-le-Terroir) fills none: the town field offers those, never one picked
// silently for a venue in another village (decision 161). A town the organizer typed stays.
import { loadLocalities, localityOptions } from '~/components/form/LocalityList';
import type { Locality } from '~/domain/localities';

/** What a postcode does to an empty town field: fills the town it names, or offers the localities it has. */
export function postalCodeChoice(localities: readonly Locality[]): { fill: string } | { choices: string[] } | null {
  const names = [...new Set(localities.map((locality) => locality.name))];
  if (names.length === 0) return null;
  return names.length === 1 ? { fill: names[0] } : { choices: names };
}

/** What the town typed last filled in (EventFormScreen's `filledByTown`): the town this field filled, if any. */
export function townOfPostalCode(input: HTMLInputElement, last: { city?: string }): void {
  const code = input.value.trim();
  const city = input.form?.elements.namedItem('city') as HTMLInputElement | null;
  if (!/^\d{4}$/.test(code) || !city || (city.value.trim() && city.value !== last.city)) return;
  void loadLocalities().then(({ localitiesOfPostalCode }) => {
    const choice = postalCodeChoice(localitiesOfPostalCode(code));
    if (!choice) return;
    if ('choices' in choice) {
      // The town this field had filled goes; the town field's list shows the postcode's localities first.
      if (last.city && city.value === last.city) city.value = '';
      last.city = undefined;
      city.placeholder = `${choice.choices.join(', ')}\u00a0?`;
      if (city.list) city.list.innerHTML = localityOptions(choice.choices) + city.list.innerHTML;
      return;
    }
    if (city.value === choice.fill) return;
    last.city = choice.fill;
    city.value = choice.fill;
    // As if typed: the town's canton and position follow (onCity), its message about the empty field goes.
    city.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
