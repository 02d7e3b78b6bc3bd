// The venues and organizers the event form offers (decision 095): approved venues for everyone, searched as one types
// (the combobox's resource route) or listed by canton (the suggestions of the page without JavaScript); an organizer
// account's own organizers. Read once per store change (the read cache), never per keystroke.
import { CANTON_CODES, CANTON_NAMES } from '~/domain/cantons';
import { normalizeTownName } from '~/domain/localities';
import type { Organizer, Venue } from '~/domain/place';
import { storeReadCache } from '../platform/read-cache';
import type { Store, UserProfile } from '../ports';

/** What the form shows of a venue, and fills the event's place with once it is chosen. */
export interface VenueOption {
  id: string;
  name: string;
  street: string;
  postalCode: string;
  locality: string;
  canton: string;
  lat: number | null;
  lng: number | null;
  /** « Rue du Bourg 8, 1003 Lausanne (VD) »: told apart from another venue of the same name. */
  where: string;
  /** A venue this account proposed, waiting for an admin: its own to choose again (issue 70). */
  pending?: boolean;
}

export interface OrganizerOption {
  id: string;
  name: string;
  /** A proposal that waits for an admin. */
  pending: boolean;
}

/** How many venues one search answers at most. */
export const VENUE_SEARCH_LIMIT = 12;

// Another instance's change (Firestore) shows within 15 seconds; this one's at once (the revision).
const cached = storeReadCache({ maxEntries: 4, ttlMs: 15_000 });

export function venueOption(v: Venue): VenueOption {
  const town = [v.postalCode, v.locality].filter(Boolean).join(' ');
  return {
    id: v.id,
    name: v.name,
    street: v.street,
    postalCode: v.postalCode,
    locality: v.locality,
    canton: v.canton,
    lat: v.lat,
    lng: v.lng,
    where: `${[v.street, town].filter(Boolean).join(', ')} (${v.canton})`,
    ...(v.status === 'approved' ? {} : { pending: true }),
  };
}

/**
 * The venues this organizer account proposed that still wait for an admin (those of its own events): its own to
 * choose again for its next event (issue 70), never another account's. None for an admin (who chooses any).
 */
export async function ownPendingVenues(
  { store }: { store: Store },
  actor: Pick<UserProfile, 'uid' | 'role'>,
): Promise<Venue[]> {
  if (actor.role === 'admin') return [];
  const ids = new Set((await store.events.listByOwner(actor.uid)).map((e) => e.venueId).filter(Boolean));
  const venues = await Promise.all([...ids].map((id) => store.venues.findById(id as string)));
  return venues.filter((v): v is Venue => v?.status === 'pending');
}

const indexed = (v: Venue): Indexed => ({
  option: venueOption(v),
  words: ` ${normalizeTownName(`${v.name} ${v.locality} ${v.street} ${v.postalCode}`)}`,
});

interface Indexed {
  option: VenueOption;
  words: string;
}

const approvedVenues = (store: Store): Promise<Indexed[]> =>
  cached(store, 'venues:approved', async () => (await store.venues.list({ status: 'approved' })).map(indexed));

/**
 * Approved venues (and `own`, the account's proposals: ownPendingVenues) whose name, town, street or NPA hold every
 * word typed (start of a word), names starting first.
 */
export async function searchVenues(
  { store }: { store: Store },
  query: string,
  own: readonly Venue[] = [],
): Promise<VenueOption[]> {
  const words = normalizeTownName(query.slice(0, 100)).split(' ').filter(Boolean).slice(0, 6);
  if (words.length === 0) return [];
  const all = [...own.map(indexed), ...(await approvedVenues(store))];
  const found = all.filter((v) => words.every((w) => v.words.includes(` ${w}`)));
  const first = normalizeTownName(found.length ? words[0] : '');
  const starts = (v: Indexed) => (normalizeTownName(v.option.name).startsWith(first) ? 0 : 1);
  return found
    .sort((a, b) => starts(a) - starts(b))
    .slice(0, VENUE_SEARCH_LIMIT)
    .map((v) => v.option);
}

/**
 * The approved venues by canton (the suggestions without JavaScript, and what a venue typed is read back among), plus
 * `current` and `own` (the account's proposals) when they are not among them.
 */
export async function venuesByCanton({ store }: { store: Store }, current: Venue | null, own: readonly Venue[] = []) {
  const all = (await approvedVenues(store)).map((v) => v.option);
  for (const extra of current ? [current, ...own] : own)
    if (!all.some((v) => v.id === extra.id)) all.push(venueOption(extra));
  return CANTON_CODES.map((canton) => ({
    canton,
    label: CANTON_NAMES[canton],
    venues: all.filter((v) => v.canton === canton),
  })).filter((g) => g.venues.length > 0);
}

/**
 * The organizers this actor may choose: an organizer account's own (pending proposals included), every approved one
 * for an admin; plus `current` (the event's, kept on edit).
 */
export async function organizerChoices(
  { store }: { store: Store },
  actor: Pick<UserProfile, 'uid' | 'role'>,
  current: Organizer | null,
): Promise<OrganizerOption[]> {
  const list =
    actor.role === 'admin'
      ? await cached(store, 'organizers:approved', () => store.organizers.list({ status: 'approved' }))
      : await store.organizers.listByAccount(actor.uid);
  const all = current && !list.some((o) => o.id === current.id) ? [...list, current] : list;
  return all.map((o) => ({ id: o.id, name: o.name, pending: o.status !== 'approved' }));
}
