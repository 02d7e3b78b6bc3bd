// The event form's choice of a venue and an organizer record (decision 095). Without JavaScript, drop-downs: the
// approved venues by canton, the account's organizers, and « Proposer un nouveau… » (the fields typed below). With
// JavaScript, the venue is searched as one types (an ARIA 1.2 combobox fed by /organizer/lieux.json).
import { useFetcher } from '@remix-run/react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { type FieldMeta, fieldId, SelectField } from '~/components/form/Field';
import { FieldError, FieldHint } from '~/components/form/FieldNotes';
import { NEW_PLACE } from '~/domain/event-form';

export interface VenueChoice {
  id: string;
  name: string;
  street: string;
  postalCode: string;
  locality: string;
  canton: string;
  lat: number | null;
  lng: number | null;
  where: string;
}

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

const NEW_VENUE_LABEL = 'Proposer un nouveau lieu (saisi ci-dessous)';
const VENUE_HINT =
  'Choisissez un lieu déjà connu de l’agenda : son adresse remplit les champs ci-dessous. Absent de la liste\u00a0? Proposez-le : il sera publié avec l’événement.';

export function VenuePicker(props: {
  meta: FieldMeta;
  groups: readonly VenueGroup[];
  current: VenueChoice | null;
  onPick: (venue: VenueChoice | null) => void;
}) {
  const hydrated = useHydrated();
  if (hydrated) return <VenueCombobox {...props} />;
  return (
    <SelectField
      meta={withNewByDefault(props.meta)}
      label="Lieu enregistré"
      hint={VENUE_HINT}
      options={[{ value: NEW_PLACE, label: NEW_VENUE_LABEL }]}
      groups={props.groups.map((g) => ({
        label: g.label,
        options: g.venues.map((v) => ({ value: v.id, label: `${v.name} — ${v.locality}` })),
      }))}
    />
  );
}

function VenueCombobox({
  meta,
  current,
  onPick,
}: {
  meta: FieldMeta;
  current: VenueChoice | null;
  onPick: (venue: VenueChoice | null) => void;
}) {
  const id = fieldId(meta.name);
  const listId = useId();
  const search = useFetcher<{ venues: VenueChoice[] }>();
  const initial = typeof meta.initialValue === 'string' ? meta.initialValue : '';
  const [chosen, setChosen] = useState<VenueChoice | null>(current && current.id === initial ? current : null);
  const [text, setText] = useState(chosen?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const found = text.trim() && search.data ? search.data.venues : [];
  // The found venues, then always « Proposer un nouveau lieu ».
  const options: (VenueChoice | null)[] = [...found, null];
  const error = meta.errors?.[0];

  const type = (value: string) => {
    setText(value);
    setChosen(null);
    setOpen(true);
    setActive(-1);
    clearTimeout(timer.current);
    // A short pause between keys: one request per word typed, not per key.
    timer.current = setTimeout(() => {
      if (value.trim()) search.load(`/organizer/lieux.json?q=${encodeURIComponent(value.trim())}`);
    }, 200);
  };
  const pick = (venue: VenueChoice | null) => {
    setChosen(venue);
    setText(venue ? venue.name : '');
    setOpen(false);
    setActive(-1);
    onPick(venue);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };
  const status = !text.trim()
    ? ''
    : search.state === 'loading'
      ? 'Recherche…'
      : found.length === 0
        ? 'Aucun lieu connu de ce nom.'
        : `${found.length} ${found.length > 1 ? 'lieux trouvés' : 'lieu trouvé'}.`;
  return (
    <div className={['field', 'venue-picker', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <span className="field__label">
        <label htmlFor={id}>Lieu enregistré</label>
      </span>
      <FieldHint id={id}>{VENUE_HINT}</FieldHint>
      <input type="hidden" name={meta.name} value={chosen ? chosen.id : NEW_PLACE} />
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null, `${listId}-status`].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        placeholder="Nom du lieu ou localité"
        value={text}
        onChange={(e) => type(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={() => text.trim() && !chosen && setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA 1.2 combobox's popup is a listbox; the focus stays in the input. */}
      <ul id={listId} role="listbox" aria-label="Lieux connus" className="venue-picker__list" hidden={!open}>
        {options.map((venue, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive: options of a combobox are pointed at by aria-activedescendant, never focused.
          <li
            key={venue ? venue.id : NEW_PLACE}
            id={`${listId}-${i}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the listbox above.
            role="option"
            aria-selected={i === active}
            className="venue-picker__option"
            // Chosen before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(venue);
            }}
          >
            {venue ? (
              <>
                <strong>{venue.name}</strong> <span className="venue-picker__where">{venue.where}</span>
              </>
            ) : (
              <strong>{NEW_VENUE_LABEL}</strong>
            )}
          </li>
        ))}
      </ul>
      <p id={`${listId}-status`} className="visually-hidden" aria-live="polite">
        {open ? status : ''}
      </p>
      {chosen ? (
        <p className="field__hint" data-testid="venue-chosen">
          Lieu choisi : <strong>{chosen.name}</strong>, {chosen.where}
        </p>
      ) : null}
      <FieldError id={id} message={error} />
    </div>
  );
}

export interface OrganizerChoice {
  id: string;
  name: string;
  pending: boolean;
}

/** The organizers this account speaks for, or « Proposer un nouvel organisateur » (the name typed below). */
export function OrganizerPicker({
  meta,
  organizers,
  onPick,
}: {
  meta: FieldMeta;
  organizers: readonly OrganizerChoice[];
  onPick: (organizer: OrganizerChoice | null) => void;
}) {
  return (
    <SelectField
      meta={withNewByDefault(meta)}
      label="Organisateur enregistré"
      hint="Les organisateurs pour lesquels votre compte parle. Un autre\u00a0? Proposez-le : il sera publié avec l’événement."
      options={[
        { value: NEW_PLACE, label: 'Proposer un nouvel organisateur (nom saisi ci-dessous)' },
        ...organizers.map((o) => ({ value: o.id, label: o.pending ? `${o.name} (en attente)` : o.name })),
      ]}
      onChange={(e) => onPick(organizers.find((o) => o.id === e.currentTarget.value) ?? null)}
    />
  );
}
