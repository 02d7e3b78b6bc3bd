// The event form's town and postcode fields (EventFormScreen.tsx), loaded as one is first typed in: a known town fills
// its canton, postcode and position; a postcode typed before the town fills the town, and through it the canton and
// the position, as if typed (issue 70: « 1004 » is Lausanne). A postcode of several localities (« 1040 »: Echallens,
// Saint-Barthélemy, Villars-le-Terroir) fills none: the town field offers those, never one picked silently for a venue
// in another village (decision 161). A town the organizer typed stays.
import { loadLocalities, localityOptions } from '~/components/form/LocalityList';
import type { Locality } from '~/domain/localities';
import type { VenueChoice } from './PlacePickers';

/** What a postcode does to an empty town field: fills the town it names, or offers the localities it has. */
export function postalCodeChoice(localities: readonly Locality[]): { fill: string } | { choices: string[] } | null {
  const names = [...new Set(localities.map((locality) => locality.name))];
  if (names.length === 0) return null;
  return names.length === 1 ? { fill: names[0] } : { choices: names };
}

/** What the town typed last filled in (EventFormScreen's `filledByTown`), and what the organizer placed. */
export type FilledByTown = { canton?: string; postalCode?: string; city?: string; pin: boolean };
type Coords = { lat: number; lng: number } | null;

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
    // Read again once the list is there: a town typed meanwhile stays as typed, and a field the organizer is in is not
    // written into (the walk of issue 73 saved « CortaillodCortaillod »: the town set while it was being typed); the
    // town is offered as its placeholder instead.
    if (city.value.trim() && city.value !== last.city) return;
    if (city.ownerDocument.activeElement === city) {
      city.placeholder = choice.fill;
      return;
    }
    last.city = choice.fill;
    city.value = choice.fill;
    // As if typed: the town's canton and position follow (onCity), its message about the empty field goes.
    city.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * A known town picked in the town field (EventFormScreen's onCity) fills its canton, postal code and position, where the
 * organizer typed none; an unknown one takes back the position it had filled.
 */
export function fillFromTown(input: HTMLInputElement, last: FilledByTown, setCoords: (coords: Coords) => void): void {
  const typed = input.value;
  const f = input.form;
  if (!f) return;
  // A town the organizer typed is theirs: a postcode typed next never empties it (only the one a postcode filled).
  if (typed !== last.city) last.city = undefined;
  // The postcode the organizer typed tells namesakes apart (« Saint-Sulpice » with 2123 is in Neuchâtel), and so does
  // the canton they chose (issue 70: « Cugy » under Vaud is Cugy VD, never Cugy FR's 1482 and point).
  const code = (f.elements.namedItem('postalCode') as HTMLInputElement | null)?.value.trim();
  const hint = code && code !== last.postalCode ? code : undefined;
  const chosen = (f.elements.namedItem('canton') as HTMLSelectElement | null)?.value;
  void loadLocalities().then(({ findLocality, namesakes, localitiesOfPostalCode }) => {
    // « Cugy (VD) » from the list: the name, in its canton, whatever was chosen before.
    const picked = /^(.*\S) \(([A-Z]{2})\)$/.exec(typed.trim());
    // A bare name of several localities takes the canton shown, whoever filled it; without one, nor an NPA, it fills
    // nothing: the list offers each with its canton. Another name takes the canton only if the organizer chose it.
    const several = !picked && namesakes(typed).length > 1;
    const canton = chosen && (several || chosen !== last.canton) ? chosen : undefined;
    const place =
      several && !canton && !hint
        ? null
        : findLocality(typed, { postalCode: hint, canton: picked ? undefined : canton });
    if (picked && place) {
      input.value = place.name;
      last.canton = undefined;
      const field = f.elements.namedItem('canton') as HTMLSelectElement | null;
      if (field) field.value = '';
    }
    const fill = (name: 'canton' | 'postalCode', value: string) => {
      const field = f.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (!field || (field.value && field.value !== last[name])) return;
      last[name] = value || undefined;
      if (field.value === value) return;
      field.value = value;
      // Checked again as if typed: a message about the empty field goes.
      field.dispatchEvent(new Event('input', { bubbles: true }));
    };
    fill('canton', place?.canton ?? '');
    fill('postalCode', place?.postalCode ?? '');
    // A locality the list does not know (« Les Trois-Sapins ») takes its NPA's point, as the server does (issue 70).
    const point = place ?? (hint ? localitiesOfPostalCode(hint)[0] : undefined);
    if (point) {
      last.pin = true;
      setCoords({ lat: point.lat, lng: point.lng });
    } else if (last.pin) {
      last.pin = false;
      setCoords(null);
    }
  });
}

/**
 * An NPA typed after a town the list does not know (« Les Trois-Sapins », 1041): the NPA's point, unless the organizer
 * placed the pin (issue 70: the form said « Pas encore de point » where the server gave one).
 */
export function pointOfPostalCode(
  input: HTMLInputElement,
  last: FilledByTown,
  setCoords: (update: (coords: Coords) => Coords) => void,
): void {
  const code = input.value.trim();
  const city = (input.form?.elements.namedItem('city') as HTMLInputElement | null)?.value.trim();
  if (!/^\d{4}$/.test(code) || !city) return;
  void loadLocalities().then(({ findLocality, localitiesOfPostalCode }) => {
    const point = localitiesOfPostalCode(code)[0];
    if (!point || findLocality(city)) return;
    setCoords((coords) => {
      if (coords && !last.pin) return coords;
      last.pin = true;
      return { lat: point.lat, lng: point.lng };
    });
  });
}

/** A venue chosen fills the place typed (the server does the same from the record, decision 095), and the pin. */
export function fillFromVenue(f: HTMLFormElement, venue: VenueChoice, setCoords: (coords: Coords) => void): void {
  const { name: venueName, street, postalCode, locality: city, canton } = venue;
  for (const [name, value] of Object.entries({ venueName, street, postalCode, city, canton })) {
    const input = f.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    if (input) input.value = value;
  }
  if (venue.lat != null && venue.lng != null) setCoords({ lat: venue.lat, lng: venue.lng });
  else
    void loadLocalities().then(({ findLocality }) => {
      const town = findLocality(venue.locality);
      if (town) setCoords({ lat: town.lat, lng: town.lng });
    });
}
