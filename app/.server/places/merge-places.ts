// The steps of a merge of venues or organizers by name (issue 47, decision 114): the record to keep found by its name
// (a choice when several answer, their town shown), both records side by side before the merge, and its undo.
import type { EventImage, EventStatus } from '~/domain/event';
import { EVENT_STATUSES } from '~/domain/event';
import { normalizeTownName } from '~/domain/localities';
import { MERGE_UNDO_HOURS, type Organizer, undoable, type Venue } from '~/domain/place';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import { assertAdmin, existing, PLACE_WORDS, type PlaceKind, records } from './admin-places';
import { eventsFollowRecord } from './follow-record';

/** One record as the confirmation shows it, beside the other. */
export interface MergeCard {
  id: string;
  slug: string;
  name: string;
  status: 'pending' | 'approved';
  /** A venue's street, postcode and town, canton and coordinates; empty for an organizer. */
  street: string;
  locality: string;
  canton: string;
  coordinates: string;
  events: number;
  description: string;
  website: string;
  image: EventImage | null;
}

/** The merge being prepared: the record merged away, the ones answering the name typed, the one chosen. */
export interface MergePlan {
  from: MergeCard;
  target: string;
  candidates: MergeCard[];
  into: MergeCard | null;
}

const MAX_CANDIDATES = 20;

function cardOf(r: Venue | Organizer, events: Record<string, number>): MergeCard {
  const venue = 'locality' in r ? r : null;
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    status: r.status,
    street: venue ? [venue.street, `${venue.postalCode} ${venue.locality}`.trim()].filter(Boolean).join(', ') : '',
    locality: venue?.locality ?? '',
    canton: venue?.canton ?? '',
    coordinates: venue && venue.lat !== null && venue.lng !== null ? `${venue.lat}, ${venue.lng}` : '',
    events: events[r.id] ?? 0,
    description: r.description,
    website: r.website,
    image: venue ? venue.photo : (r as Organizer).logo,
  };
}

/** The words a record answers to: its name, its town and canton, its address (case and accents ignored). */
const wordsOf = (r: Venue | Organizer) =>
  normalizeTownName(`${r.name} ${'locality' in r ? `${r.locality} ${r.canton}` : ''} ${r.slug}`);

/**
 * The merge of `fromId` as far as the admin took it: the records whose name (or town) holds every word of `target`,
 * or the one chosen (`intoId`). A single record answering the name is chosen at once.
 */
export async function mergePlan(
  { store }: { store: Store },
  actor: UserProfile,
  kind: PlaceKind,
  input: { fromId: string; target: string; intoId: string },
): Promise<MergePlan> {
  assertAdmin(actor);
  const from = await existing(store, kind, input.fromId);
  const events = await store.events.countByPlace(kind, EVENT_STATUSES as readonly EventStatus[]);
  const target = input.target.trim().slice(0, 200);
  if (input.intoId) {
    const into = input.intoId === from.id ? null : await records(store, kind).findById(input.intoId);
    if (!into) throw new UseCaseError('Choisissez une autre fiche que celle-ci.', 'into');
    return { from: cardOf(from, events), target, candidates: [], into: cardOf(into, events) };
  }
  const words = normalizeTownName(target).split(' ').filter(Boolean);
  if (words.length === 0) throw new UseCaseError('Indiquez le nom de la fiche à garder.', 'target');
  const found = (await records(store, kind).list())
    .filter((r) => r.id !== from.id && words.every((w) => wordsOf(r).includes(w)))
    .slice(0, MAX_CANDIDATES)
    .map((r) => cardOf(r, events));
  if (found.length === 0) throw new UseCaseError(`Aucune autre fiche ne porte le nom « ${target} ».`, 'target', 404);
  return { from: cardOf(from, events), target, candidates: found, into: found.length === 1 ? found[0] : null };
}

/** Undoes the last merge into `id` if it is recent enough; answers the record back and how many events returned. */
export async function undoMerge(
  { store }: { store: Store },
  actor: UserProfile,
  kind: PlaceKind,
  id: string,
  now: Date,
): Promise<{ kept: Venue | Organizer; restored: Venue | Organizer; events: number }> {
  assertAdmin(actor);
  const kept = await existing(store, kind, id);
  if (!undoable(kept.lastMerge, now))
    throw new UseCaseError(
      `Cette fusion ne peut plus être annulée (seulement pendant ${MERGE_UNDO_HOURS} h et avant une autre fusion dans ${PLACE_WORDS[kind].this.toLowerCase()}).`,
      'form',
      409,
    );
  const result = await records(store, kind).unmerge({ intoId: id, now: now.toISOString() });
  if (!result)
    throw new UseCaseError('La fiche fondue ne peut pas revenir : son adresse est reprise entre-temps.', 'form', 409);
  await eventsFollowRecord({ store }, kind, result.restored);
  return result;
}

/**
 * The merge step the admin list's address asks for (`fondre`: the record merged away, `cible`: the name typed,
 * `dans`: the record chosen), or none; a refusal is answered beside the search, not as an error page.
 */
export async function mergeStepOf(
  deps: { store: Store },
  actor: UserProfile,
  kind: PlaceKind,
  params: URLSearchParams,
): Promise<{ plan: MergePlan | null; refusal: { fromId: string; target: string; message: string } | null }> {
  const fromId = params.get('fondre') ?? '';
  if (!fromId) return { plan: null, refusal: null };
  const target = (params.get('cible') ?? '').slice(0, 200);
  try {
    return {
      plan: await mergePlan(deps, actor, kind, { fromId, target, intoId: params.get('dans') ?? '' }),
      refusal: null,
    };
  } catch (error) {
    if (!(error instanceof UseCaseError) || error.status === 403) throw error;
    return { plan: null, refusal: { fromId, target, message: error.message } };
  }
}
