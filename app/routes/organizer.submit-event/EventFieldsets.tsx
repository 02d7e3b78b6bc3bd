// The event form's sections, each fed by conform's metadata for its fields (constraints from eventFormSchema). A new
// section (a schedule, say) is one more component here and one more entry in the screen's list.
import type { FormEvent, ReactNode } from 'react';
import { CANTON_CHOICES, categoryChoices } from '~/components/form/choices';
import {
  Checkbox,
  CheckboxGroup,
  type FieldMeta,
  SelectField,
  TextAreaField,
  TextField,
} from '~/components/form/Field';
import { useLocalityList } from '~/components/form/LocalityList';
import { type OrganizerChoice, OrganizerPicker, type VenueChoice, type VenueGroup, VenuePicker } from './PlacePickers';
import { PlacePoint } from './PlacePoint';

/** The event form's fields by name (conform's metadata). */
export type EventFields = Record<string, FieldMeta>;

export function WhatFieldset({
  fields,
  categories,
}: {
  fields: EventFields;
  categories: readonly { slug: string; label: string }[];
}) {
  return (
    <fieldset className="form-step">
      <legend>1. Quoi</legend>
      <TextField meta={fields.title} label="Titre" />
      <SelectField
        meta={fields.category}
        label="Catégorie"
        placeholder="Choisir…"
        options={categoryChoices(categories)}
      />
      <TextAreaField
        meta={fields.description}
        label="Description"
        rows={7}
        hint={'Ce qui attend le public, le programme, les artistes… (20\u00a0caractères au moins).'}
      />
      <TextField
        meta={fields.performers}
        label="Artistes, intervenants"
        hint="Les noms séparés par des virgules, par exemple Stephan Eicher, Sophie Hunger (12 noms au plus)."
      />
    </fieldset>
  );
}

/**
 * When: the first date and its times (a list of dates hides them, see app/styles/features.css), then how many dates
 * (`children`).
 */
export function WhenFieldset({ fields, children }: { fields: EventFields; children?: ReactNode }) {
  return (
    <fieldset className="form-step when">
      <legend>2. Quand</legend>
      <div className="when__times">
        <div className="form-row">
          <TextField meta={fields.startDate} label="Date de début" type="date" />
          <TextField
            meta={fields.startTime}
            label="Heure de début"
            type="time"
            hint="Obligatoire, sauf pour un événement qui dure toute la journée."
          />
        </div>
        <div className="form-row">
          <TextField meta={fields.endDate} label="Date de fin (si plusieurs jours)" type="date" />
          <TextField meta={fields.endTime} label="Heure de fin" type="time" />
        </div>
      </div>
      <Checkbox meta={fields.allDay} label="Toute la journée (marché, foire…)" />
      {children}
    </fieldset>
  );
}

interface WhereProps {
  fields: EventFields;
  coords: { lat: number; lng: number } | null;
  map: { tileUrl: string; attribution: string };
  onCity: (event: FormEvent<HTMLInputElement>) => void;
  onPostalCode: (event: FormEvent<HTMLInputElement>) => void;
  onMovePin: (lat: number, lng: number) => void;
  venues: { groups: readonly VenueGroup[]; current: VenueChoice | null; onPick: (venue: VenueChoice | null) => void };
}

export function WhereFieldset({ fields, coords, map, onCity, onPostalCode, onMovePin, venues }: WhereProps) {
  const localities = useLocalityList('localities');
  return (
    <fieldset className="form-step">
      <legend>3. Où</legend>
      <VenuePicker
        meta={fields.venueId}
        textMeta={fields.venueText}
        groups={venues.groups}
        current={venues.current}
        onPick={venues.onPick}
      />
      <TextField meta={fields.venueName} label="Lieu" hint="Salle, bâtiment, place…" />
      <TextField meta={fields.street} label="Rue et numéro" />
      <div className="form-row">
        <TextField
          meta={fields.postalCode}
          label="NPA"
          inputMode="numeric"
          title="4 chiffres, par exemple 1003"
          onInput={onPostalCode}
        />
        <TextField
          meta={fields.city}
          label="Localité"
          list="localities"
          autoComplete="off"
          onFocus={localities.load}
          onInput={onCity}
          hint={
            'Une localité absente de la liste est acceptée\u00a0: son point sur la carte vient alors du NPA. Sans l’un ni l’autre, pas de point\u00a0: l’événement n’apparaît ni sur la carte ni dans «\u00a0Autour de\u00a0».'
          }
        />
      </div>
      {localities.list}
      <SelectField meta={fields.canton} label="Canton" placeholder="Choisir…" options={CANTON_CHOICES} />
      <input type="hidden" name="lat" value={coords ? String(coords.lat) : ''} />
      <input type="hidden" name="lng" value={coords ? String(coords.lng) : ''} />
      <PlacePoint coords={coords} map={map} onMovePin={onMovePin} />
      <CheckboxGroup
        items={[
          { meta: fields.wheelchair, label: 'Accessible en fauteuil roulant' },
          { meta: fields.hearing, label: 'Équipé pour les personnes malentendantes' },
          { meta: fields.familyFriendly, label: 'Adapté aux familles et aux enfants' },
          { meta: fields.weatherDependent, label: 'Selon la météo (confirmation le jour même)' },
        ]}
      />
    </fieldset>
  );
}

export function PriceFieldset({ fields }: { fields: EventFields }) {
  return (
    <fieldset className="form-step">
      <legend>4. Prix & billets</legend>
      <Checkbox meta={fields.isFree} label="Entrée gratuite" />
      <div className="form-row">
        <TextField meta={fields.priceMin} label="Prix dès (CHF)" inputMode="decimal" />
        <TextField meta={fields.priceMax} label="Prix jusqu’à (CHF)" inputMode="decimal" />
      </div>
      <TextField meta={fields.priceNote} label="Précision sur le prix" hint="Réductions, gratuit pour les enfants…" />
      <TextField meta={fields.ticketUrl} label="Billetterie (adresse web)" type="url" />
    </fieldset>
  );
}

export function ContactFieldset({
  fields,
  organizers,
  self,
  onPickOrganizer,
}: {
  fields: EventFields;
  organizers: readonly OrganizerChoice[];
  self: string | null;
  onPickOrganizer: (organizer: OrganizerChoice | null) => void;
}) {
  return (
    <fieldset className="form-step">
      <legend>5. Contact</legend>
      <OrganizerPicker meta={fields.organizerId} organizers={organizers} self={self} onPick={onPickOrganizer} />
      <TextField meta={fields.organizerName} label="Organisateur" />
      <TextField meta={fields.websiteUrl} label="Site web de l’événement" type="url" />
      <div className="form-row">
        <TextField meta={fields.contactEmail} label="Email de contact" type="email" />
        <TextField meta={fields.contactPhone} label="Téléphone" type="tel" />
      </div>
    </fieldset>
  );
}
