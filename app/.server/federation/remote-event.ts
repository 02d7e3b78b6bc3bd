// What a Gancio, Mobilizon or other ActivityPub `Event` says, as the content of one of our events (decision 088):
// title, description (HTML to text), start and end (any offset, kept as Zurich's wall clock), the place (Gancio's
// address as text, Mobilizon's as a schema.org PostalAddress, coordinates), the page, the cancellation
// (`ical:status`). What it cannot say (category, canton, organizer) comes from the source.
import type { CantonCode } from '~/domain/cantons';
import type { EventContent } from '~/domain/event';
import { slugify } from '~/domain/slug';
import { zurichOffsetIso } from '~/domain/zurich-iso';
import { fingerprintOf, plain, splitLocation } from '../imports/ics';

export interface SourceDefaults {
  category: string;
  canton: CantonCode;
  organizerName: string;
}

export interface RemoteEvent {
  id: string;
  content: EventContent;
  cancelled: boolean;
  fingerprint: string;
}

type Json = Record<string, unknown>;

const text = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return text(v[0]);
  if (v && typeof v === 'object' && '@value' in v) return text((v as Json)['@value']);
  return '';
};
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const first = (v: unknown): Json | null =>
  Array.isArray(v) ? first(v[0]) : v && typeof v === 'object' ? (v as Json) : null;

/** The place: a Place with a name, an address (text or PostalAddress) and coordinates. */
function placeOf(location: Json | null) {
  const address = first(location?.address);
  const name = plain(text(location?.name), 120);
  let place: Pick<EventContent, 'venueName' | 'street' | 'postalCode' | 'city'>;
  if (address) {
    place = {
      venueName: name,
      street: plain(text(address.streetAddress), 200),
      postalCode: plain(text(address.postalCode), 10),
      city: plain(text(address.addressLocality), 80),
    };
  } else {
    const line = text(location?.address);
    const split = splitLocation(line);
    place = { ...split, venueName: name || split.venueName };
    if (name && split.venueName && split.venueName !== name && !split.street) place.street = split.venueName;
  }
  const lat = num(location?.latitude);
  const lng = num(location?.longitude);
  const valid = lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return {
    ...place,
    venueName: place.venueName || place.city || 'Lieu à préciser',
    lat: valid ? lat : null,
    lng: valid ? lng : null,
  };
}

/** Two hours after the start, within its day: the bound of an event without an end (as the calendar imports do). */
function openEndOf(startsAt: string): string {
  const [day, time] = startsAt.split('T');
  const [h, m] = time.slice(0, 5).split(':').map(Number);
  const minutes = Math.min(h * 60 + m + 120, 23 * 60 + 59);
  const later = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return zurichOffsetIso(new Date(Date.parse(`${day}T${later}:00${startsAt.slice(19)}`)).toISOString());
}

/** The event, or a French reason it cannot be one. */
export function readRemoteEvent(object: Json, defaults: SourceDefaults): RemoteEvent | string {
  const type = text(object.type);
  if (type !== 'Event') return `Objet de type « ${type || '?'} » ignoré : seuls les événements sont repris.`;
  const id = text(object.id);
  if (!/^https?:\/\//.test(id)) return 'Événement sans identifiant.';
  const title = plain(text(object.name), 120);
  if (title.length < 3) return 'Événement sans titre.';
  const start = Date.parse(text(object.startTime));
  if (Number.isNaN(start)) return `« ${title} » n’a pas de date de début lisible.`;
  const end = Date.parse(text(object.endTime));
  const startsAt = zurichOffsetIso(new Date(start).toISOString());
  const hasEnd = !Number.isNaN(end) && end > start;
  const url = text(object.url) || text(first(object.url)?.href);
  const content: EventContent = {
    title,
    slug: slugify(title),
    description: plain(text(object.content) || text(object.summary), 5000) || title,
    category: defaults.category,
    startsAt,
    endsAt: hasEnd ? zurichOffsetIso(new Date(end).toISOString()) : openEndOf(startsAt),
    allDay: false,
    openEnd: !hasEnd,
    ...placeOf(first(object.location)),
    canton: defaults.canton,
    isFree: false,
    priceMin: null,
    priceMax: null,
    priceNote: '',
    ticketUrl: '',
    websiteUrl: /^https?:\/\//.test(url) ? url : id,
    organizerName: defaults.organizerName,
    contactEmail: '',
    contactPhone: '',
    image: null,
    accessibility: { wheelchair: false, hearing: false, familyFriendly: false },
    schedule: null,
  };
  const cancelled = text(object['ical:status'] ?? object.status).toUpperCase() === 'CANCELLED';
  return { id, content, cancelled, fingerprint: fingerprintOf(content, cancelled) };
}
