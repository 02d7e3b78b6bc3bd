// The event form's choice of a venue and an organizer record (decision 095). Without JavaScript, the venue is typed
// among suggestions (« Nom — Localité », read back by the server: issue 70), the account's organizers are a drop-down
// with « Proposer un nouveau… » (the fields typed below). With JavaScript, the venue is searched as one types (a
// combobox fed by /organizer/lieux.json), and so is the organizer when there are many to choose from (an admin's form):
// filtered in the page, from the list the drop-down has (PlaceComboboxes.tsx, loaded once the page is interactive).
import { useEffect, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { VenueOption } from '~/.server/places/venue-directory';
import { type FieldMeta, fieldId, SelectField, TextField } from '~/components/form/Field';
import { NEW_PLACE } from '~/domain/event-form-fields';
import { VENUE_CANDIDATES_SHOWN, venuesForText, venueTextLabel } from '~/domain/venue-text';

/** A venue the form offers (venue-directory.ts), which fills the event's place once chosen. */
export type VenueChoice = VenueOption;

export interface VenueGroup {
  canton: string;
  label: string;
  venues: VenueChoice[];
}

/** An empty choice is a new record: the drop-down shows « Proposer un nouveau… » rather than the first record. */
const withNewByDefault = (meta: FieldMeta): FieldMeta => ({
  // conform's metadata are getters: read one by one, never spread.
  name: meta.name,
  errors: meta.errors,
  required: meta.required,
  initialValue: meta.initialValue || NEW_PLACE,
});

type Comboboxes = typeof import('./PlaceComboboxes');
let loadedComboboxes: Comboboxes | null = null;

/**
 * The comboboxes once the page is interactive: loaded in an effect, never during hydration (React.lazy there broke it:
 * error 421, decision 163), so a form mounted afresh afterwards (an answer, an import) has them at once; null before.
 */
function useComboboxes(): Comboboxes | null {
  const hydrated = useHydrated();
  const [comboboxes, setComboboxes] = useState(loadedComboboxes);
  useEffect(() => {
    if (!comboboxes)
      void import('./PlaceComboboxes').then((module) => {
        loadedComboboxes = module;
        setComboboxes(module);
      });
  }, [comboboxes]);
  return hydrated ? comboboxes : null;
}

export function VenuePicker(props: {
  meta: FieldMeta;
  /** Without JavaScript, the venue typed (« Nom — Localité »), read back by the server (issue 70). */
  textMeta: FieldMeta;
  groups: readonly VenueGroup[];
  current: VenueChoice | null;
  onPick: (venue: VenueChoice | null) => void;
}) {
  const comboboxes = useComboboxes();
  if (!comboboxes) return <VenueTextField {...props} />;
  const { meta, current, groups, onPick } = props;
  const initial = typeof meta.initialValue === 'string' ? meta.initialValue : '';
  return <comboboxes.VenueCombobox meta={meta} initial={startingVenue(initial, current, groups)} onPick={onPick} />;
}

const VENUE_TEXT_HINT =
  'Tapez le nom du lieu ou sa localité, puis choisissez parmi les suggestions\u00a0: à l’envoi, l’adresse enregistrée du lieu remplace celle des champs ci-dessous. Absent de la liste\u00a0? Laissez ce champ vide et saisissez le lieu ci-dessous\u00a0: il sera publié avec l’événement.';

/**
 * Without JavaScript (issue 70): a text field suggesting every venue the page knows (a datalist the browser filters
 * as one types, a phone too), rather than a drop-down of 100 venues. The server reads the text back to one venue
 * (venue-text.ts); for a text that fits several, the page offers them here to choose (their id, as the search posts).
 */
function VenueTextField({
  meta,
  textMeta,
  groups,
  current,
}: {
  meta: FieldMeta;
  textMeta: FieldMeta;
  groups: readonly VenueGroup[];
  current: VenueChoice | null;
}) {
  const all = groups.flatMap((g) => g.venues);
  const chosenId = typeof meta.initialValue === 'string' ? meta.initialValue : '';
  const chosen = startingVenue(chosenId, current, groups);
  const typed = typeof textMeta.initialValue === 'string' ? textMeta.initialValue : '';
  const error = textMeta.errors?.[0];
  // A venue the server read (or the event's own) shows as its suggestion does; else the text as typed.
  const text = chosen ? venueTextLabel(chosen) : typed;
  // The venues a text fits, to choose from: the server's answer (several), or a venue read back whose suggestion
  // another venue shares (same name, same town), the one read ticked: the text alone would not tell them apart.
  const candidates = error && typed.trim() ? venuesForText(typed, all) : chosen ? venuesForText(text, all) : [];
  const listId = `${fieldId(textMeta.name)}-venues`;
  return (
    <>
      <TextField
        meta={{ name: textMeta.name, errors: textMeta.errors, maxLength: textMeta.maxLength, initialValue: text }}
        label="Lieu enregistré"
        hint={VENUE_TEXT_HINT}
        list={listId}
        autoComplete="off"
        placeholder="Nom du lieu ou localité"
      />
      <datalist id={listId}>
        {all.map((v) => (
          <option key={v.id} value={venueTextLabel(v)}>
            {v.pending ? `${venueTextLabel(v)} (proposé, en attente)` : undefined}
          </option>
        ))}
      </datalist>
      {candidates.length > 1 && candidates.length <= VENUE_CANDIDATES_SHOWN ? (
        <fieldset className="choice-group" data-testid="venue-candidates">
          <legend className="field__label">Lequel de ces lieux{'\u00a0'}?</legend>
          {candidates.map((v) => (
            <label key={v.id} className="check check--row">
              <input type="radio" name={meta.name} value={v.id} defaultChecked={v.id === chosen?.id} />
              <span>
                <strong>{v.name}</strong>
                {v.pending ? ' (proposé, en attente)' : ''}, {v.where}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}

/**
 * The venue the form starts with: the event's own (edit), or one chosen in the list before an answer of the server
 * (the « Doublon possible » step, a refusal), found among the approved venues the page lists (the search's too).
 */
function startingVenue(id: string, current: VenueChoice | null, groups: readonly VenueGroup[]): VenueChoice | null {
  if (!id || id === NEW_PLACE) return null;
  if (current?.id === id) return current;
  for (const group of groups) for (const venue of group.venues) if (venue.id === id) return venue;
  return null;
}

export interface OrganizerChoice {
  id: string;
  name: string;
  pending: boolean;
}

interface OrganizerPickerProps {
  meta: FieldMeta;
  organizers: readonly OrganizerChoice[];
  /** The account's own name: « Publier au nom de » it or one of its organizations (issue 73); null for an admin. */
  self?: string | null;
  onPick: (organizer: OrganizerChoice | null) => void;
}

/** From this many organizers to choose from (an admin chooses among all of them), the list is searched as one types. */
export const ORGANIZER_SEARCH_FROM = 13;
const NEW_ORGANIZER_LABEL = 'Proposer un nouvel organisateur';
export const ON_BEHALF_LABEL = 'Publier au nom de';
const SELF_LABEL = 'Vous-même (le nom écrit sous «\u00a0Organisateur\u00a0»)';

/**
 * The organizers this account may choose (its own; an admin, every approved one), or « Proposer un nouvel
 * organisateur » (the name typed below). A long list is searched as one types once JavaScript runs; a drop-down before.
 */
export function OrganizerPicker({ meta, organizers, self, onPick }: OrganizerPickerProps) {
  const comboboxes = useComboboxes();
  const long = organizers.length >= ORGANIZER_SEARCH_FROM;
  if (comboboxes && long)
    return (
      <comboboxes.OrganizerCombobox
        meta={meta}
        organizers={organizers}
        onPick={onPick}
        newLabel={NEW_ORGANIZER_LABEL}
        labelOf={organizerLabel}
      />
    );
  // A member of organizations publishes in its own name or one of theirs; an admin or a lone organizer picks a record.
  const onBehalf = self != null && organizers.length > 0;
  return (
    <SelectField
      meta={withNewByDefault(meta)}
      label={onBehalf ? ON_BEHALF_LABEL : 'Organisateur enregistré'}
      hint={
        onBehalf
          ? 'Au nom d’une organisation, ses membres pourront aussi le modifier.'
          : `Les organisateurs ${long ? 'connus de l’agenda' : 'pour lesquels votre compte parle'}. Un autre\u00a0? Proposez-le\u00a0: il sera publié avec l’événement.`
      }
      options={[
        { value: NEW_PLACE, label: onBehalf ? SELF_LABEL : NEW_ORGANIZER_LABEL },
        ...organizers.map((o) => ({ value: o.id, label: organizerLabel(o) })),
      ]}
      onChange={(e) => onPick(organizers.find((o) => o.id === e.currentTarget.value) ?? null)}
    />
  );
}

const organizerLabel = (o: OrganizerChoice) => (o.pending ? `${o.name} (en attente)` : o.name);
