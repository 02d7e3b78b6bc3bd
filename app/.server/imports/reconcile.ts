// What one run of a source must do, given what the feed says and what is stored: pure. The use case (run-import.ts)
// carries the plan out through the event lifecycle.
import type { FeedItem } from './ics';
import type { ImportLink } from './ports';

export type PlanStep =
  /** A UID never seen: a new event (unless a likely duplicate of an existing one). */
  | { kind: 'new'; item: FeedItem }
  /** A known UID whose content or cancellation changed. */
  | { kind: 'updated'; item: FeedItem; link: ImportLink }
  /** A known UID now STATUS:CANCELLED. */
  | { kind: 'cancelled'; item: FeedItem; link: ImportLink }
  /** A known UID gone from the feed: its event is withdrawn. */
  | { kind: 'withdrawn'; link: ImportLink }
  | { kind: 'unchanged'; uid: string };

/**
 * The plan of a run. Same UID, same event, always: a UID already linked never makes a new event; one linked as a
 * likely duplicate of another event stays so (the moderator decides) and never edits that event. `present`: UIDs the
 * feed still has but this run does not read (past the limit of events, or unreadable): left as they are, not withdrawn.
 */
export function reconcile(
  items: readonly FeedItem[],
  links: readonly ImportLink[],
  present: ReadonlySet<string> = new Set(),
): PlanStep[] {
  const byUid = new Map(links.map((l) => [l.uid, l]));
  const seen = new Set<string>();
  const plan: PlanStep[] = [];
  for (const item of items) {
    if (seen.has(item.uid)) continue;
    seen.add(item.uid);
    const link = byUid.get(item.uid);
    if (!link) {
      // A cancelled event the agenda never had: nothing to import.
      plan.push(item.cancelled ? { kind: 'unchanged', uid: item.uid } : { kind: 'new', item });
    } else if (link.eventId === null || (link.fingerprint === item.fingerprint && !link.gone)) {
      plan.push({ kind: 'unchanged', uid: item.uid });
    } else if (item.cancelled && !link.cancelled) {
      plan.push({ kind: 'cancelled', item, link });
    } else {
      plan.push({ kind: 'updated', item, link });
    }
  }
  for (const link of links) {
    if (!seen.has(link.uid) && !present.has(link.uid) && !link.gone && link.eventId !== null)
      plan.push({ kind: 'withdrawn', link });
  }
  return plan;
}
