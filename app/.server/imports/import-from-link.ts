// Import from a link (issue 21): the server reads the event page at an address an organizer pasted (through the safe
// fetcher), finds its schema.org Event and turns it into the submit form's values. Nothing is saved: the organizer
// checks the prefilled form and sends it as usual (moderation, duplicates and the rest apply then).
import { CANTON_CODES, CANTON_NAMES, type CantonCode } from '~/domain/cantons';
import { zurichWallClock } from '~/domain/dates';
import { findLocality } from '~/domain/localities';
import type { FetchText } from '../platform/safe-fetch';
import { UseCaseError } from '../platform/use-case-error';
import { type PageEvent, readEventPage } from './event-page';

export const IMPORT_MESSAGES = {
  urlRequired: 'Collez l’adresse de la page de l’événement.',
  noEvent:
    'Aucun événement lisible sur cette page (ni JSON-LD schema.org «\u00a0Event\u00a0» ni microdonnées)\u00a0: remplissez le formulaire à la main.',
  notice: 'Vérifiez les champs importés avant d’envoyer.',
} as const;

export type ImportOutcome =
  | { ok: true; values: Record<string, string>; image: { url: string; alt: string } }
  | { ok: false; message: string };

/** Date and time in Europe/Zurich of an ISO date (with its offset, or local when it has none); a bare date: no time. */
function zurich(iso: string): { date: string; time: string } | null {
  const bare = iso.match(/^(\d{4}-\d{2}-\d{2})$/);
  if (bare) return { date: bare[1], time: '' };
  const local = iso.match(/^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/);
  if (local) return { date: local[1], time: local[2] };
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return zurichWallClock(at);
}

function cantonOf(region: string): CantonCode | '' {
  const r = region.trim().toLowerCase();
  return (
    CANTON_CODES.find((code) => code.toLowerCase() === r || CANTON_NAMES[code].toLowerCase() === r) ??
    CANTON_CODES.find((code) => r.endsWith(`-${code.toLowerCase()}`)) ??
    ''
  );
}

const formatAmount = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));

/** The category a schema.org event type says (the organizer can change it; « Event » alone says none). */
const CATEGORY_OF_TYPE: Record<string, string> = {
  MusicEvent: 'musique',
  TheaterEvent: 'spectacles',
  DanceEvent: 'spectacles',
  ComedyEvent: 'spectacles',
  ExhibitionEvent: 'expos-musees',
  VisualArtsEvent: 'expos-musees',
  ScreeningEvent: 'divertissement-audiovisuel',
  SaleEvent: 'marches-brocantes',
  Festival: 'fetes-traditions',
  FoodEvent: 'gastronomie-terroir',
  SportsEvent: 'sports-loisirs',
  EducationEvent: 'ateliers-cours',
  CourseInstance: 'ateliers-cours',
};

/** The submit form's values for a page's event (only what the page says; the rest stays as the form had it). */
export function formValuesOf(event: PageEvent): Record<string, string> {
  const values: Record<string, string> = {};
  const set = (name: string, value: string) => {
    if (value) values[name] = value;
  };
  set('title', event.name.replace(/\s+/g, ' ').slice(0, 120));
  set('description', event.description.slice(0, 5000));
  const start = zurich(event.startDate);
  const end = zurich(event.endDate);
  if (start) {
    set('startDate', start.date);
    set('startTime', start.time);
    if (!start.time) values.allDay = 'on';
  }
  if (end && start && (end.date !== start.date || end.time)) {
    if (end.date !== start.date) set('endDate', end.date);
    if (start.time) set('endTime', end.time);
  }
  const { place } = event;
  set('venueName', place.name.replace(/\s+/g, ' '));
  set('street', place.street);
  set('postalCode', place.postalCode);
  set('city', place.locality);
  const canton = cantonOf(place.region);
  const locality = place.locality ? findLocality(place.locality, { canton, postalCode: place.postalCode }) : null;
  set('canton', canton || locality?.canton || '');
  if (!place.postalCode && locality?.postalCode) set('postalCode', locality.postalCode);
  if (locality) {
    values.lat = String(locality.lat);
    values.lng = String(locality.lng);
  }
  if (event.price) {
    if (event.price.amount === 0) values.isFree = 'on';
    else if (event.price.currency === 'CHF') set('priceMin', formatAmount(event.price.amount));
    else set('priceNote', `${formatAmount(event.price.amount)} ${event.price.currency}`);
  }
  set('ticketUrl', event.ticketUrl);
  set('websiteUrl', event.url);
  set('organizerName', event.organizerName);
  set('category', event.types.map((t) => CATEGORY_OF_TYPE[t]).find(Boolean) ?? '');
  return values;
}

/** Fetches and reads the page; refusals (the address, the fetch, no event found) are UseCaseErrors on `importUrl`. */
export async function importFromLink(fetchText: FetchText, rawUrl: string): Promise<ImportOutcome> {
  const url = rawUrl.trim();
  if (!url) return { ok: false, message: IMPORT_MESSAGES.urlRequired };
  let page: Awaited<ReturnType<FetchText>>;
  try {
    page = await fetchText(url, { accept: 'html', maxBytes: 2 * 1024 * 1024 });
  } catch (error) {
    if (error instanceof UseCaseError) return { ok: false, message: error.message };
    throw error;
  }
  // No conditional request was made: a 304 cannot come back.
  if (page === 'not-modified') return { ok: false, message: IMPORT_MESSAGES.noEvent };
  const event = readEventPage(page.text, page.url);
  if (!event || (!event.name && !event.startDate)) return { ok: false, message: IMPORT_MESSAGES.noEvent };
  const values = formValuesOf(event);
  return { ok: true, values, image: { url: event.imageUrl, alt: event.imageAlt || values.title || '' } };
}
