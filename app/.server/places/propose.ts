// The venue and organizer records a typed place and name point to (the form's « Proposer un nouveau lieu », imports,
// federation, decision 095): a sure match attaches the record, otherwise a proposed one is created, which an admin
// approves with the event; an unsure match is kept on it (suggestedMatchId) for the admin to confirm.
import type { UserProfile } from '~/.server/ports';
import type { Organizer, Venue } from '~/domain/place';
import { matchOrganizer, matchVenue } from '~/domain/place-matching';
import { accountsAsResponsables } from '../organizations/members';
import type { Store } from '../ports';
import { localityOf, organizerNamed, type TypedPlace, venueFromEvent, venueNameOf } from './new-records';

/** A record attached, and whether it was created for this event (then removed if the event is not written). */
export interface AttachedRecord {
  id: string;
  created: boolean;
}

/** Stores a new record under its slug, or the first free one of slug-2, slug-3… */
async function createWithFreeSlug<T extends Venue | Organizer>(
  create: (record: T) => Promise<boolean>,
  record: T,
): Promise<T> {
  for (let n = 1; n < 50; n++) {
    const slug = n === 1 ? record.slug : `${record.slug.slice(0, 76)}-${n}`;
    const candidate = { ...record, slug };
    if (await create(candidate)) return candidate;
  }
  throw new Error(`Aucune adresse libre pour « ${record.slug} »`);
}

/**
 * The venues and organizers of a run of many events (a calendar import), read once instead of once per event: those
 * the run creates join them, and a sure match is read again before it is attached (an admin may have merged it since).
 */
export interface PlaceBook {
  venues?: Venue[];
  organizers?: Organizer[];
}

/** The venue of a place typed (a sure match among every record), or a proposed record, a likely match noted on it. */
export async function venueForPlace(
  { store, book }: { store: Store; book?: PlaceBook },
  place: TypedPlace,
  now: string,
): Promise<AttachedRecord> {
  const candidate = { name: venueNameOf(place), locality: localityOf(place), lat: place.lat, lng: place.lng };
  if (book && !book.venues) book.venues = await store.venues.list();
  const all = book?.venues ?? (await store.venues.list());
  const sure = matchVenue(candidate, all);
  if (sure?.sure) {
    if (!book || (await store.venues.findById(sure.record.id))) return { id: sure.record.id, created: false };
    book.venues = undefined;
    return venueForPlace({ store, book }, place, now);
  }
  const likely = matchVenue(
    candidate,
    all.filter((v) => v.status === 'approved'),
  );
  const proposed = { ...venueFromEvent(place, 'pending', now), suggestedMatchId: likely ? likely.record.id : null };
  const venue = await createWithFreeSlug((r) => store.venues.create(r), proposed);
  book?.venues?.push(venue);
  return { id: venue.id, created: true };
}

/**
 * The organizer a name points to for this actor: an organizer account attaches only records it speaks for (a sure
 * match among them), otherwise proposes one it then speaks for; an admin or an import (`actor` null) attaches any sure
 * match, otherwise proposes one nobody speaks for yet.
 */
export async function organizerForName(
  { store, book }: { store: Store; book?: PlaceBook },
  name: string,
  actor: Pick<UserProfile, 'uid' | 'role'> | null,
  now: string,
): Promise<AttachedRecord> {
  const own = actor && actor.role !== 'admin';
  const shared = own ? undefined : book;
  if (shared && !shared.organizers) shared.organizers = await store.organizers.list();
  const records = own
    ? await store.organizers.listByAccount(actor.uid)
    : (shared?.organizers ?? (await store.organizers.list()));
  const match = matchOrganizer(name, records);
  if (match?.sure) {
    if (!shared || (await store.organizers.findById(match.record.id))) return { id: match.record.id, created: false };
    shared.organizers = undefined;
    return organizerForName({ store, book }, name, actor, now);
  }
  const organizer = await createWithFreeSlug(
    (r) => store.organizers.create(r),
    organizerNamed(name, 'pending', now, own ? [actor.uid] : []),
  );
  shared?.organizers?.push(organizer);
  await accountsAsResponsables({ store }, [organizer], now);
  return { id: organizer.id, created: true };
}

/** Removes records created for an event that was not written after all (nothing half-written). */
export async function forgetCreated(
  { store }: { store: Store },
  venue: AttachedRecord | null,
  organizer: AttachedRecord | null,
) {
  if (venue?.created) await store.venues.delete(venue.id).catch(() => false);
  if (organizer?.created) await store.organizers.delete(organizer.id).catch(() => false);
}

/**
 * Approves the proposed venue and organizer an event shows as it becomes public (an admin approving it, a trusted
 * account publishing): what the public sees of an event, its records included, is what was approved.
 */
export async function approveRecordsOf(
  { store }: { store: Store },
  event: { venueId?: string | null; organizerId?: string | null },
  now: string,
): Promise<void> {
  const [venue, organizer] = await Promise.all([
    event.venueId ? store.venues.findById(event.venueId) : null,
    event.organizerId ? store.organizers.findById(event.organizerId) : null,
  ]);
  if (venue?.status === 'pending') await store.venues.setStatus(venue.id, 'approved', now);
  if (organizer?.status === 'pending') await store.organizers.setStatus(organizer.id, 'approved', now);
}
