// What an organizer changed, in French, for moderators: one line per field, the published value beside the new one.
import { CANTON_NAMES } from './cantons';
import type { EventContent, EventContentField } from './event';
import { formatEventWhen } from './event-dates';
import { changedFields } from './event-lifecycle';
import { performersText } from './performers';
import { formatPrice } from './price';
import { describeSchedule } from './schedule-text';

/** French names of the fields an organizer may change (lat and lng are one position, prices one price). */
export const FIELD_LABELS: Record<Exclude<EventContentField, 'slug'>, string> = {
  title: 'Titre',
  description: 'Description',
  performers: 'Artistes, intervenants',
  category: 'Catégorie',
  startsAt: 'Dates',
  endsAt: 'Dates',
  allDay: 'Dates',
  openEnd: 'Dates',
  venueName: 'Lieu',
  street: 'Rue',
  postalCode: 'NPA',
  city: 'Localité',
  canton: 'Canton',
  lat: 'Position sur la carte',
  lng: 'Position sur la carte',
  isFree: 'Prix',
  priceMin: 'Prix',
  priceMax: 'Prix',
  priceNote: 'Précisions sur le prix',
  ticketUrl: 'Billetterie',
  websiteUrl: 'Site web',
  organizerName: 'Organisateur',
  contactEmail: 'Email de contact',
  contactPhone: 'Téléphone',
  accessibility: 'Accessibilité',
  image: 'Image',
  schedule: 'Dates',
  venueId: 'Fiche du lieu',
  organizerId: 'Fiche de l’organisateur',
  weatherDependent: 'Selon la météo',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field as keyof typeof FIELD_LABELS] ?? field;
}

export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

function describe(
  label: string,
  c: EventContent,
  categoryLabel: (slug: string) => string,
  recordName: (id: string) => string,
): string {
  const text = (value: string) => value || '—';
  switch (label) {
    case 'Fiche du lieu':
      return c.venueId ? recordName(c.venueId) : '—';
    case 'Fiche de l’organisateur':
      return c.organizerId ? recordName(c.organizerId) : '—';
    case 'Dates':
      // A series says its rule, not only its span: a moderator sees « Chaque samedi » become « Chaque dimanche ».
      return c.schedule ? describeSchedule(c.schedule) : formatEventWhen(c);
    case 'Artistes, intervenants':
      return text(performersText(c.performers));
    case 'Catégorie':
      return categoryLabel(c.category);
    case 'Canton':
      return CANTON_NAMES[c.canton] ?? c.canton;
    case 'Position sur la carte':
      return c.lat != null && c.lng != null ? `${c.lat}, ${c.lng}` : 'Sans position';
    case 'Prix':
      return formatPrice(c);
    case 'Accessibilité':
      return (
        [
          c.accessibility.wheelchair ? 'fauteuil roulant' : null,
          c.accessibility.hearing ? 'malentendants' : null,
          c.accessibility.familyFriendly ? 'familles' : null,
        ]
          .filter(Boolean)
          .join(', ') || '—'
      );
    case 'Image':
      return c.image ? `Image « ${c.image.alt} »` : 'Pas d’image';
    case 'Selon la météo':
      return c.weatherDependent ? 'Oui' : 'Non';
    default: {
      const field = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).find((f) => FIELD_LABELS[f] === label);
      return field ? text(String(c[field] ?? '')) : '—';
    }
  }
}

/** The changes from the published content to a revision, one line per label, in the form's order. */
export function describeChanges(
  before: EventContent,
  after: EventContent,
  categoryLabel: (slug: string) => string = (slug) => slug,
  /** The name of a venue or organizer record (decision 095), for the changes of record. */
  recordName: (id: string) => string = (id) => id,
): FieldChange[] {
  const labels = [...new Set(changedFields(before, after).map(fieldLabel))];
  return labels.flatMap((label) => {
    const was = describe(label, before, categoryLabel, recordName);
    const now = describe(label, after, categoryLabel, recordName);
    // A new image with the same description.
    if (now === was && label === 'Image') return [{ label, before: was, after: `${now} (nouvelle image)` }];
    // A change a moderator could not see (an absent value become false): no line.
    return now === was ? [] : [{ label, before: was, after: now }];
  });
}
