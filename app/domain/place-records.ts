// What both stores do alike to a venue or organizer record: the slugs it answers to, an edit that renames it, a merge.
import type { Organizer, OrganizerProfile, Venue } from './place';

type PlaceRecord = Venue | Organizer;

/** Every slug a record answers to: its own and its former ones. */
export const slugsOf = (r: PlaceRecord): string[] => [r.slug, ...r.redirectFrom];

/** The record after an edit: a new slug keeps the old one as a redirect (and takes back a former one). */
export function edited<T extends PlaceRecord>(current: T, fields: Partial<T>, now: string): T {
  const next = { ...current, ...fields, updatedAt: now };
  next.redirectFrom =
    next.slug === current.slug
      ? [...current.redirectFrom]
      : [...new Set([...current.redirectFrom, current.slug])].filter((s) => s !== next.slug);
  return next;
}

/** The record kept by a merge: the other's slugs become its redirects (and, for organizers, its accounts its own). */
export function merged<T extends PlaceRecord>(into: T, from: T, now: string): T {
  const kept = { ...into, updatedAt: now, redirectFrom: [...new Set([...into.redirectFrom, ...slugsOf(from)])] };
  if ('accountUids' in into && 'accountUids' in from)
    (kept as Organizer).accountUids = [...new Set([...into.accountUids, ...from.accountUids])];
  // A merge into a pending record of an approved one keeps the approval: the admin merged them.
  if (from.status === 'approved') kept.status = 'approved';
  return kept;
}

export const byName = (a: PlaceRecord, b: PlaceRecord) =>
  a.name.localeCompare(b.name, 'fr-CH') || (a.id < b.id ? -1 : 1);

/** An organizer with its profile revision kept (or dropped). */
export const revised = (o: Organizer, revision: OrganizerProfile | null, now: string): Organizer => ({
  ...o,
  revision: revision ? { ...revision, logo: revision.logo ? { ...revision.logo } : null } : null,
  updatedAt: now,
});

/** An organizer whose pending profile became the public one; null without a revision or when `seen` is stale. */
export function withRevisionPublished(o: Organizer, seen: string, now: string): Organizer | null {
  if (!o.revision || o.updatedAt !== seen) return null;
  const { description, website, logo } = o.revision;
  return { ...o, description, website, logo, revision: null, updatedAt: now };
}
