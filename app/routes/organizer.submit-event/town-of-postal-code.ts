// The event form's postcode field (EventFormScreen.tsx): a postcode typed before the town fills the town, and through
// it the canton and the position, as if typed (issue 70: « 1040 » is Echallens). A town the organizer typed stays.
import { loadLocalities } from '~/components/form/LocalityList';

/** What the town typed last filled in (EventFormScreen's `filledByTown`): the town this field filled, if any. */
export function townOfPostalCode(input: HTMLInputElement, last: { city?: string }): void {
  const code = input.value.trim();
  const city = input.form?.elements.namedItem('city') as HTMLInputElement | null;
  if (!/^\d{4}$/.test(code) || !city || (city.value.trim() && city.value !== last.city)) return;
  void loadLocalities().then(({ localitiesOfPostalCode }) => {
    const place = localitiesOfPostalCode(code)[0];
    if (!place || city.value === place.name) return;
    last.city = place.name;
    city.value = place.name;
    // As if typed: the town's canton and position follow (onCity), its message about the empty field goes.
    city.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
