// What makes two events likely the same one. An organizer and a moderator are warned of an event with a similar
// title in the same town within 3 hours; what arrives by itself (a calendar source, the federation) is set aside only
// when it is the same event: the same start, the same place, a near-identical title. Never two titles that differ by
// a number (« concert numéro 12 » and « concert numéro 13 » are two concerts).
import type { AgendaEvent } from '~/domain/event';
import { normalizeForComparison } from '~/domain/search-text';
import type { Store } from '../ports';

/** Share of words in common (Jaccard), diacritics and case ignored; 0 when the titles' numbers differ. */
export function titleSimilarity(a: string, b: string): number {
  const na = normalizeForComparison(a);
  const nb = normalizeForComparison(b);
  if (numbersOf(na) !== numbersOf(nb)) return 0;
  return wordOverlap(na, nb);
}

/** The numbers a normalized text holds, in order, without leading zeros (« n° 07 » and « no 7 » agree). */
const numbersOf = (text: string) => (text.match(/\d+/g) ?? []).map((n) => n.replace(/^0+(?=\d)/, '')).join(' ');

function wordOverlap(a: string, b: string): number {
  const words = (s: string) => new Set(s.split(' ').filter((w) => w.length > 2));
  const wa = words(a);
  const wb = words(b);
  if (wa.size === 0 || wb.size === 0) return 0;
  const common = [...wa].filter((w) => wb.has(w)).length;
  return common / (wa.size + wb.size - common);
}

/** Two names of one place: one holds the other (« Salle des fêtes » and « Salle des fêtes de Bulle »), or most words. */
function samePlace(a: string, b: string): boolean {
  const na = normalizeForComparison(a);
  const nb = normalizeForComparison(b);
  if (!na || !nb) return na === nb;
  return na.includes(nb) || nb.includes(na) || wordOverlap(na, nb) >= 0.5;
}

export interface DuplicateQuery {
  title: string;
  city: string;
  startsAt: string;
  excludeId?: string;
  /**
   * The place named (an import's LOCATION, a remote event's venue): only the same event is a duplicate then, at the
   * same start and the same place. Without it, any similar event within 3 hours in the town (a warning to a person).
   */
  venueName?: string;
}

/**
 * Events with a similar title in the same town within 3 hours (the same start and place with `venueName`): probably
 * the same event. Published ones only for what an organizer or a moderator is shown; with `pending`, those awaiting
 * moderation too (an import must not add one again while the first waits: issue 32).
 */
export async function possibleDuplicates(
  { store }: { store: Store },
  input: DuplicateQuery,
  options: { pending?: boolean } = {},
): Promise<AgendaEvent[]> {
  const start = Date.parse(input.startsAt);
  const near = await store.events.listNear({
    city: input.city,
    from: new Date(start - 3 * 3600_000).toISOString(),
    to: new Date(start + 3 * 3600_000).toISOString(),
    excludeId: input.excludeId,
    statuses: options.pending ? ['approved', 'pending'] : ['approved'],
  });
  const { venueName } = input;
  return near.filter(
    (e) =>
      titleSimilarity(e.title, input.title) >= 0.5 &&
      (venueName === undefined || (Date.parse(e.startsAt) === start && samePlace(e.venueName, venueName))),
  );
}
