// What both admin lists of records share (/admin/lieux, /admin/organisateurs): the list read from the address, and the
// buttons approve, rename, merge. Each button answers the sentence the admin reads and the row to bring back into view;
// another intent is refused.

import { MERGE_UNDO_HOURS, type Organizer, type Venue } from '~/domain/place';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import { approvePlace, mergePlaces, PLACE_WORDS, type PlaceKind, placesForAdmin, renamePlace } from './admin-places';
import { mergeStepOf, undoMerge } from './merge-places';

/** The list as the page's address asks for it: the records matching the search `q`, and the merge under way. */
export async function placeListOf(deps: { store: Store }, admin: UserProfile, kind: PlaceKind, url: string, now: Date) {
  const params = new URL(url).searchParams;
  const query = (params.get('q') ?? '').slice(0, 200);
  const [places, merge] = await Promise.all([
    placesForAdmin(deps, admin, kind, query, now),
    mergeStepOf(deps, admin, kind, params),
  ]);
  return { ...places, merge, query };
}

const RECORD_INTENTS = ['approve', 'rename', 'merge', 'unmerge'];
/** Whether a posted intent is one of the shared buttons (the organizers' list has others of its own). */
export const isRecordIntent = (intent: string | undefined) => RECORD_INTENTS.includes(intent ?? '');

/** The posted fields, as typed (a missing one is read as empty). */
export type PlaceActionInput = Partial<Record<'intent' | 'id' | 'name' | 'slug' | 'into', string>>;

const moved = (n: number) => `${n} événement${n > 1 ? 's' : ''} déplacé${n > 1 ? 's' : ''}`;

/** A record's name, with a venue's town: two halls may share one name. */
const named = (r: Venue | Organizer) => ('locality' in r && r.locality ? `${r.name} (${r.locality})` : r.name);

export async function placeRecordAction(
  deps: { store: Store },
  admin: UserProfile,
  kind: PlaceKind,
  input: PlaceActionInput,
  now: Date,
): Promise<{ message: string; anchor: string }> {
  const values = { intent: '', id: '', name: '', slug: '', into: '', ...input };
  const the = PLACE_WORDS[kind].the;
  if (values.intent === 'approve') {
    const record = await approvePlace(deps, admin, kind, values.id, now);
    return { message: `${the} « ${record.name} » est approuvé.`, anchor: values.id };
  }
  if (values.intent === 'rename') {
    const record = await renamePlace(deps, admin, kind, { id: values.id, name: values.name, slug: values.slug }, now);
    return {
      message: `${the} « ${record.name} » est enregistré ; son adresse est « ${record.slug} ».`,
      anchor: values.id,
    };
  }
  if (values.intent === 'merge') {
    const { kept, gone, events } = await mergePlaces(deps, admin, kind, { fromId: values.id, into: values.into }, now);
    return {
      message: `« ${named(gone)} » est fondu dans « ${named(kept)} »\u00a0: ${moved(events)}, son adresse y renvoie. Vous pouvez annuler la fusion pendant ${MERGE_UNDO_HOURS}\u00a0h.`,
      anchor: kept.id,
    };
  }
  if (values.intent === 'unmerge') {
    const { restored, events } = await undoMerge(deps, admin, kind, values.id, now);
    return {
      message: `Fusion annulée\u00a0: « ${named(restored)} » est de retour avec ${events} événement${events > 1 ? 's' : ''}.`,
      anchor: restored.id,
    };
  }
  throw new UseCaseError('Action inconnue : rechargez la page et réessayez.');
}
