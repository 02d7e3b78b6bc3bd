// Venues and organizers for the admins (/admin/lieux, /admin/organisateurs): the list with its events, a rename that
// keeps the old address as a redirect, a merge that keeps every event, the approval of a proposed record.
import type { EventStatus } from '~/domain/event';
import { EVENT_STATUSES } from '~/domain/event';
import { normalizeTownName } from '~/domain/localities';
import { LAST_RESPONSABLE_MESSAGE } from '~/domain/organization';
import { type Organizer, type PlaceStatus, undoable, type Venue } from '~/domain/place';
import { slugify } from '~/domain/slug';
import { handOverAuthoredEvents } from '../organizations/members';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import { eventsFollowRecord } from './follow-record';

export type PlaceKind = 'venue' | 'organizer';

export const PLACE_WORDS = {
  venue: { one: 'lieu', the: 'Le lieu', this: 'Ce lieu' },
  organizer: { one: 'organisateur', the: 'L’organisateur', this: 'Cet organisateur' },
} as const;

export interface AdminPlaceRow {
  id: string;
  slug: string;
  name: string;
  /** The venue's town and canton; empty for an organizer. */
  where: string;
  status: PlaceStatus;
  redirectFrom: string[];
  /** Events pointing to it, every status. */
  events: number;
  /** An organizer's linked accounts (absent for a venue). */
  accounts?: { uid: string; email: string; name: string }[];
  /** The last merge into it, while it may still be undone (decision 114). */
  undo: { goneName: string; goneWhere: string; at: string; events: number } | null;
}

export const records = (store: Store, kind: PlaceKind) => (kind === 'venue' ? store.venues : store.organizers);

export function assertAdmin(actor: UserProfile): void {
  if (actor.role !== 'admin') throw new UseCaseError('Action réservée aux administrateurs.', 'form', 403);
}

const whereOf = (r: Venue | Organizer) => ('locality' in r ? `${r.locality} (${r.canton})` : '');

const rowOf = (r: Venue | Organizer, events: Record<string, number>, now: Date): AdminPlaceRow => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  where: whereOf(r),
  status: r.status,
  redirectFrom: r.redirectFrom,
  events: events[r.id] ?? 0,
  undo: undoable(r.lastMerge, now)
    ? {
        goneName: r.lastMerge.gone.name,
        goneWhere: whereOf(r.lastMerge.gone),
        at: r.lastMerge.at,
        events: r.lastMerge.eventIds.length,
      }
    : null,
});

/** The records, pending ones first, searched by name, town or address (case and accents ignored). */
export async function placesForAdmin(
  { store }: { store: Store },
  actor: UserProfile,
  kind: PlaceKind,
  query = '',
  now = new Date(),
): Promise<{ rows: AdminPlaceRow[]; total: number }> {
  assertAdmin(actor);
  const all = await records(store, kind).list();
  const events = await store.events.countByPlace(kind, EVENT_STATUSES as readonly EventStatus[]);
  const words = normalizeTownName(query).split(' ').filter(Boolean);
  const people = new Map<string, UserProfile | null>();
  const accountsOf = async (r: Venue | Organizer) => {
    if (!('accountUids' in r)) return {};
    for (const uid of r.accountUids) if (!people.has(uid)) people.set(uid, await store.users.findById(uid));
    const accounts = r.accountUids.flatMap((uid) => {
      const u = people.get(uid);
      return u ? [{ uid, email: u.email, name: u.displayName }] : [];
    });
    return { accounts };
  };
  const withAccounts = await Promise.all(
    all.map(async (r) => ({ ...rowOf(r, events, now), ...(await accountsOf(r)) })),
  );
  const rows = withAccounts
    .filter((row) => {
      const text = normalizeTownName(`${row.name} ${row.where} ${row.slug}`);
      return words.every((w) => text.includes(w));
    })
    .sort((a, b) => Number(a.status === 'approved') - Number(b.status === 'approved'));
  return { rows, total: all.length };
}

export async function existing(store: Store, kind: PlaceKind, id: string): Promise<Venue | Organizer> {
  const record = id ? await records(store, kind).findById(id) : null;
  if (!record) throw new UseCaseError(`${PLACE_WORDS[kind].this} n’existe pas (ou plus).`, 'form', 404);
  return record;
}

function venueFields(v: Venue) {
  const { id: _i, status: _s, redirectFrom: _r, createdAt: _c, updatedAt: _u, lastMerge: _m, ...fields } = v;
  return fields;
}

function organizerFields(o: Organizer) {
  const {
    id: _i,
    status: _s,
    redirectFrom: _r,
    createdAt: _c,
    updatedAt: _u,
    accountUids: _a,
    lastMerge: _m,
    ...fields
  } = o;
  return fields;
}

/** A new name and address; the old address redirects to the new one. */
export async function renamePlace(
  { store }: { store: Store },
  actor: UserProfile,
  kind: PlaceKind,
  input: { id: string; name: string; slug: string },
  now: Date,
): Promise<Venue | Organizer> {
  assertAdmin(actor);
  const current = await existing(store, kind, input.id);
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length < 2 || name.length > 120) throw new UseCaseError('Le nom compte de 2 à 120\u00a0caractères.', 'name');
  const slug = slugify(input.slug.trim() || name);
  if (slug === '') throw new UseCaseError('L’adresse doit contenir au moins une lettre ou un chiffre.', 'slug');
  const at = now.toISOString();
  const saved =
    kind === 'venue'
      ? await store.venues.update(current.id, { ...venueFields(current as Venue), name, slug }, at)
      : await store.organizers.update(current.id, { ...organizerFields(current as Organizer), name, slug }, at);
  if (!saved) throw new UseCaseError(`L’adresse « ${slug} » est déjà celle d’une autre fiche.`, 'slug', 409);
  await eventsFollowRecord({ store }, kind, saved);
  return saved;
}

/** `fromId` melts into `into` (an id or an address, current or former): its events follow, its address redirects. */
export async function mergePlaces(
  { store }: { store: Store },
  actor: UserProfile,
  kind: PlaceKind,
  input: { fromId: string; into: string },
  now: Date,
): Promise<{ kept: Venue | Organizer; gone: Venue | Organizer; events: number }> {
  assertAdmin(actor);
  const gone = await existing(store, kind, input.fromId);
  const wanted = input.into.trim();
  if (!wanted) throw new UseCaseError('Indiquez l’adresse de la fiche à garder.', 'into');
  // The address as typed first: a slug given before « œ » was folded (« ch-ur-… ») is not its slugified form.
  const into =
    (await records(store, kind).findById(wanted)) ??
    (await records(store, kind).findBySlug(wanted))?.record ??
    (await records(store, kind).findBySlug(slugify(wanted)))?.record;
  if (!into) throw new UseCaseError(`Aucune fiche n’a l’adresse « ${wanted} ».`, 'into', 404);
  if (into.id === gone.id) throw new UseCaseError('Choisissez une autre fiche que celle-ci.', 'into');
  const at = now.toISOString();
  const result = await records(store, kind).merge({ fromId: gone.id, intoId: into.id, now: at, by: actor.uid });
  if (!result)
    throw new UseCaseError('Les fiches ont changé entre-temps : voici leur état actuel. Réessayez.', 'form', 409);
  await eventsFollowRecord({ store }, kind, result.kept);
  return { kept: result.kept, gone, events: result.events };
}

/** A proposed record becomes public (its events still wait for their own moderation). */
export async function approvePlace(
  { store }: { store: Store },
  actor: UserProfile,
  kind: PlaceKind,
  id: string,
  now: Date,
): Promise<Venue | Organizer> {
  assertAdmin(actor);
  await existing(store, kind, id);
  const saved = await records(store, kind).setStatus(id, 'approved', now.toISOString());
  if (!saved) throw new UseCaseError(`${PLACE_WORDS[kind].this} n’existe pas (ou plus).`, 'form', 404);
  return saved;
}

/** Links an account (by its email) to an organizer, or unlinks it: it may then edit that organizer's profile. */
export async function linkOrganizerAccount(
  { store }: { store: Store },
  actor: UserProfile,
  input: { id: string; email: string; linked: boolean },
  now: Date,
): Promise<{ organizer: Organizer; account: UserProfile }> {
  assertAdmin(actor);
  await existing(store, 'organizer', input.id);
  const email = input.email.trim();
  if (!email) throw new UseCaseError('Indiquez l’email du compte.', 'email');
  const account = await store.users.findByEmailWithPassword(email);
  if (!account) throw new UseCaseError(`Aucun compte n’a l’email « ${email} ».`, 'email', 404);
  // Through its members (decision 167): linked, a responsable; unlinked, refused while others would stay without one.
  const at = now.toISOString();
  const written = input.linked
    ? await store.organizerMembers.set({ organizerId: input.id, uid: account.uid, role: 'responsable', now: at })
    : await store.organizerMembers.remove({ organizerId: input.id, uid: account.uid, now: at, allowEmpty: true });
  if (written === 'last') throw new UseCaseError(LAST_RESPONSABLE_MESSAGE, 'email', 409);
  if (!input.linked && written === 'ok')
    await handOverAuthoredEvents({ store }, { organizerId: input.id, uid: account.uid, now: at });
  const organizer = await store.organizers.findById(input.id);
  if (!organizer) throw new UseCaseError(`${PLACE_WORDS.organizer.this} n’existe pas (ou plus).`, 'form', 404);
  return { organizer, account };
}
