// Venues and organizers as ActivityPub actors (issue 37, decision 096): each approved record is one, named by its
// record's id (`lieu.<id>`, `organisateur.<id>`: a rename keeps its followers), found by the handle of its page's slug
// (`@salle-du-bourg@hôte`) unless the agenda, a category or — for an organizer — a venue holds that slug, then by its
// qualified handle (`@organisateur.salle-du-bourg@hôte`), which always answers. A former slug (rename, merge) finds the
// record kept, once no current handle claims it.
import type { AgendaEvent } from '~/domain/event';
import { imageUrl } from '~/domain/images';
import type { Organizer, Venue } from '~/domain/place';
import { SITE_NAME } from '~/domain/site';
import { cachedRead } from '../events/public';
import type { Store } from '../ports';
import { type ActorContext, type ActorProfile, type ActorProvider, AGENDA_ACTOR, SITE_ICON } from './actor-types';
import { htmlParagraphs } from './event-object';

type PlaceKind = 'venue' | 'organizer';
type PlaceRecord = Venue | Organizer;

/** The prefix of a record's identifier and of its qualified handle. */
export const PLACE_PREFIX: Record<PlaceKind, string> = { venue: 'lieu', organizer: 'organisateur' };

const approvedVenues = (store: Store) =>
  cachedRead(store, 'venues:approved', () => store.venues.list({ status: 'approved' }));

/** The handles held before this kind's: the agenda's, the active categories', and for organizers the venues'. */
async function handlesAbove(store: Store, kind: PlaceKind): Promise<Set<string>> {
  return cachedRead(store, `federation-handles-above:${kind}`, async () => {
    const taken = new Set([AGENDA_ACTOR]);
    for (const c of await store.categories.list()) if (c.active) taken.add(c.slug);
    if (kind === 'organizer') for (const v of await approvedVenues(store)) taken.add(v.slug);
    return taken;
  });
}

/** The handle a record goes by: its slug, or its qualified handle when a kind before it holds the slug. */
export async function placeHandle(store: Store, kind: PlaceKind, slug: string): Promise<string> {
  return (await handlesAbove(store, kind)).has(slug) ? `${PLACE_PREFIX[kind]}.${slug}` : slug;
}

function placeProvider<T extends PlaceRecord>(
  kind: PlaceKind,
  records: (store: Store) => Store['venues'] | Store['organizers'],
  describe: (record: T, ctx: ActorContext) => Omit<ActorProfile, 'identifier' | 'handle' | 'kind'>,
  idOf: (event: AgendaEvent) => string | null | undefined,
): ActorProvider {
  const prefix = `${PLACE_PREFIX[kind]}.`;
  const profile = async (ctx: ActorContext, record: T): Promise<ActorProfile> => ({
    identifier: `${prefix}${record.id}`,
    handle: await placeHandle(ctx.store, kind, record.slug),
    kind,
    ...describe(record, ctx),
  });
  const byId = async (ctx: ActorContext, id: string) => {
    const record = (await records(ctx.store).findById(id)) as T | null;
    return record?.status === 'approved' ? record : null;
  };
  const bySlug = async (ctx: ActorContext, slug: string, moved: boolean) => {
    const found = await records(ctx.store).findBySlug(slug);
    return found && found.moved === moved && found.record.status === 'approved' ? (found.record as T) : null;
  };
  const provider: ActorProvider = {
    kind,
    async find(ctx, identifier) {
      if (!identifier.startsWith(prefix)) return null;
      const record = await byId(ctx, identifier.slice(prefix.length));
      return record ? profile(ctx, record) : null;
    },
    async byHandle(ctx, handle) {
      // The qualified handle, current or former slug: only this kind can claim it.
      if (handle.startsWith(prefix)) {
        const slug = handle.slice(prefix.length);
        const record = (await bySlug(ctx, slug, false)) ?? (await bySlug(ctx, slug, true));
        return record ? `${prefix}${record.id}` : null;
      }
      const record = await bySlug(ctx, handle, false);
      if (!record || (await handlesAbove(ctx.store, kind)).has(handle)) return null;
      return `${prefix}${record.id}`;
    },
    async byFormerHandle(ctx, handle) {
      const record = await bySlug(ctx, handle, true);
      return record ? `${prefix}${record.id}` : null;
    },
    async list(ctx) {
      const all = (await records(ctx.store).list({ status: 'approved' })) as T[];
      return Promise.all(all.map((r) => profile(ctx, r)));
    },
    async announcing(ctx, event) {
      const id = idOf(event);
      return id && (await byId(ctx, id)) ? [`${prefix}${id}`] : [];
    },
  };
  return provider;
}

const icon = (ctx: ActorContext, image: { path: string } | null) =>
  image
    ? { iconUrl: `${ctx.siteUrl}${imageUrl(image.path, 400)}`, iconType: 'image/webp' }
    : { iconUrl: `${ctx.siteUrl}${SITE_ICON}`, iconType: 'image/png' };

/** « Salle du Bourg · Lausanne », but « Opéra de Lausanne » alone: its name already says where. */
const venueName = (venue: Venue, separator: string) =>
  venue.name.toLocaleLowerCase('fr-CH').includes(venue.locality.toLocaleLowerCase('fr-CH'))
    ? venue.name
    : `${venue.name}${separator}${venue.locality}`;

export const venueActors = placeProvider<Venue>(
  'venue',
  (store) => store.venues,
  (venue, ctx) => ({
    name: venueName(venue, ' · '),
    summary: htmlParagraphs(
      venue.description || `${venueName(venue, ', ')}\u00a0: les prochains événements du lieu sur ${SITE_NAME}.`,
    ),
    pageUrl: `${ctx.siteUrl}/lieux/${encodeURIComponent(venue.slug)}`,
    ...icon(ctx, venue.photo),
    events: { venue: venue.slug },
  }),
  (event) => event.venueId,
);

export const organizerActors = placeProvider<Organizer>(
  'organizer',
  (store) => store.organizers,
  (organizer, ctx) => ({
    name: organizer.name,
    summary: htmlParagraphs(organizer.description || `${organizer.name}\u00a0: ses événements sur ${SITE_NAME}.`),
    pageUrl: `${ctx.siteUrl}/organisateurs/${encodeURIComponent(organizer.slug)}`,
    ...icon(ctx, organizer.logo),
    events: { organizer: organizer.slug },
  }),
  (event) => event.organizerId,
);
