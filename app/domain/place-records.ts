// What both stores do alike to a venue or organizer record: the slugs it answers to, an edit that renames it, a merge.
import type { MergeTrace, Organizer, OrganizerProfile, Venue } from './place';

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

/** The kept record of a merge with what the merge did, for its undo (decision 114). */
export function mergedWithTrace<T extends PlaceRecord>(
  into: T,
  from: T,
  now: string,
  moved: { by: string; eventIds: string[]; revisionIds: string[] },
): T {
  const kept = merged(into, from, now);
  const before = new Set(slugsOf(into));
  const accountsBefore = new Set('accountUids' in into ? into.accountUids : []);
  // The record merged away keeps no undo of its own: one merge is undone at a time.
  const gone = { ...from, lastMerge: null };
  const trace: MergeTrace = {
    at: now,
    by: moved.by,
    gone,
    eventIds: [...moved.eventIds].sort(),
    revisionIds: [...moved.revisionIds].sort(),
    addedSlugs: slugsOf(from).filter((s) => !before.has(s)),
    addedAccounts: 'accountUids' in from ? from.accountUids.filter((u) => !accountsBefore.has(u)) : [],
    statusBefore: into.status,
  };
  return { ...kept, lastMerge: trace };
}

/**
 * The undo of a record's last merge: the kept record without what the merge gave it (the slugs, the accounts, the
 * status), and the record merged away as it was. Null when there is nothing to undo.
 */
export function unmerged<T extends PlaceRecord>(
  kept: T,
  now: string,
): { kept: T; restored: T; trace: MergeTrace } | null {
  const trace = kept.lastMerge;
  if (!trace) return null;
  const slugs = new Set(trace.addedSlugs);
  const next = {
    ...kept,
    redirectFrom: kept.redirectFrom.filter((s) => !slugs.has(s)),
    status: trace.statusBefore,
    lastMerge: null,
    updatedAt: now,
  };
  if ('accountUids' in next) {
    const added = new Set(trace.addedAccounts);
    (next as Organizer).accountUids = (next as Organizer).accountUids.filter((u) => !added.has(u));
  }
  return { kept: next, restored: { ...(trace.gone as T), updatedAt: now }, trace };
}

export const byName = (a: PlaceRecord, b: PlaceRecord) =>
  a.name.localeCompare(b.name, 'fr-CH') || (a.id < b.id ? -1 : 1);

/** An organizer with an account linked (last) or unlinked. */
export function withAccount(o: Organizer, uid: string, linked: boolean, now: string): Organizer {
  const others = o.accountUids.filter((u) => u !== uid);
  return { ...o, accountUids: linked ? [...others, uid] : others, updatedAt: now };
}

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
