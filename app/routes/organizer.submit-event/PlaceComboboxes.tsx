// The venue and organizer searched as one types (PlacePickers.tsx), with JavaScript only: loaded once the page is
// interactive, never during hydration (the text field and the drop-down the server rendered stay until then), so the
// form's first load does without the combobox's code (issue 72: the event form ≤ 100 KB as sent).
import { useFetcher } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Combobox } from '~/components/form/Combobox';
import type { FieldMeta } from '~/components/form/Field';
import { NEW_PLACE } from '~/domain/event-form-fields';
import { normalizeForComparison } from '~/domain/search-text';
import type { OrganizerChoice, VenueChoice } from './PlacePickers';

const NEW_VENUE_LABEL = 'Proposer un nouveau lieu (saisi ci-dessous)';
const VENUE_HINT =
  'Choisissez un lieu déjà connu de l’agenda\u00a0: son adresse remplit les champs ci-dessous. Absent de la liste\u00a0? Proposez-le\u00a0: il sera publié avec l’événement.';

/** The venue searched in the whole directory (/organizer/lieux.json), starting from `initial`. */
export function VenueCombobox({
  meta,
  initial,
  onPick,
}: {
  meta: FieldMeta;
  initial: VenueChoice | null;
  onPick: (venue: VenueChoice | null) => void;
}) {
  const search = useFetcher<{ venues: VenueChoice[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Combobox<VenueChoice>
      meta={meta}
      label="Lieu enregistré"
      hint={VENUE_HINT}
      placeholder="Nom du lieu ou localité"
      listLabel="Lieux connus"
      newValue={NEW_PLACE}
      newLabel={NEW_VENUE_LABEL}
      initial={initial}
      idOf={(v) => v.id}
      nameOf={(v) => v.name}
      option={(v) => (
        <>
          <strong>{v.name}</strong>
          {v.pending ? ' (proposé, en attente)' : ''} <span className="combobox__where">{v.where}</span>
        </>
      )}
      chosenNote={(v) => (
        <>
          Lieu choisi{'\u00a0'}: <strong>{v.name}</strong>, {v.where}
        </>
      )}
      chosenTestId="venue-chosen"
      found={search.data?.venues ?? []}
      searching={search.state === 'loading'}
      countLabel={(n) => (n === 0 ? 'Aucun lieu connu de ce nom.' : `${n} ${n > 1 ? 'lieux trouvés' : 'lieu trouvé'}.`)}
      onText={(value) => {
        clearTimeout(timer.current);
        // A short pause between keys: one request per word typed, not per key.
        timer.current = setTimeout(() => {
          if (value.trim()) search.load(`/organizer/lieux.json?q=${encodeURIComponent(value.trim())}`);
        }, 200);
      }}
      onPick={onPick}
    />
  );
}

/** At most this many organizers shown for a text typed. */
const ORGANIZER_SEARCH_LIMIT = 12;

/** A long list of organizers (an admin's form), filtered in the page as one types. */
export function OrganizerCombobox({
  meta,
  organizers,
  onPick,
  newLabel,
  labelOf,
}: {
  meta: FieldMeta;
  organizers: readonly OrganizerChoice[];
  onPick: (organizer: OrganizerChoice | null) => void;
  newLabel: string;
  labelOf: (organizer: OrganizerChoice) => string;
}) {
  const initial = typeof meta.initialValue === 'string' ? meta.initialValue : '';
  const [text, setText] = useState('');
  // Every word typed begins a word of the name (« jeunesse sav » finds « Société de jeunesse de Savièse »).
  const found = useMemo(() => {
    const words = normalizeForComparison(text).split(' ').filter(Boolean);
    if (words.length === 0) return [];
    return organizers
      .filter((o) => {
        const name = ` ${normalizeForComparison(o.name)}`;
        return words.every((w) => name.includes(` ${w}`));
      })
      .slice(0, ORGANIZER_SEARCH_LIMIT);
  }, [organizers, text]);
  return (
    <Combobox<OrganizerChoice>
      meta={meta}
      label="Organisateur enregistré"
      hint={
        'Cherchez un organisateur connu de l’agenda par son nom. Absent de la liste\u00a0? Proposez-le\u00a0: il sera publié avec l’événement.'
      }
      placeholder="Nom de l’organisateur"
      listLabel="Organisateurs connus"
      newValue={NEW_PLACE}
      newLabel={newLabel}
      initial={organizers.find((o) => o.id === initial) ?? null}
      idOf={(o) => o.id}
      nameOf={(o) => o.name}
      option={(o) => <strong>{labelOf(o)}</strong>}
      chosenNote={(o) => (
        <>
          Organisateur choisi{'\u00a0'}: <strong>{labelOf(o)}</strong>
        </>
      )}
      chosenTestId="organizer-chosen"
      found={found}
      countLabel={(n) =>
        n === 0
          ? 'Aucun organisateur connu de ce nom.'
          : `${n} ${n > 1 ? 'organisateurs trouvés' : 'organisateur trouvé'}.`
      }
      onText={setText}
      onPick={onPick}
    />
  );
}
