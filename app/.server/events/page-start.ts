// Where a page of the list starts (issue 69): after the previous page's last result, before the next page's first (a
// keyset, however deep the page), or at its number up to NUMBERED_PAGES (a bounded offset).
import { type EventFilters, filtersToParams, NUMBERED_PAGES } from '~/domain/event-filters';
import type { PageCursor } from '../ports';

/**
 * The list's page cursor (issue 69), `?apres=` of its next page: the last result's date and event,
 * « 2026-12-05T20:00:00_ev123 ». The page number stays: the cursor only says where the page starts.
 */
export const pageCursor = {
  write: (last: { id: string; startsAt: string } | undefined) => (last ? `${last.startsAt}_${last.id}` : null),
  read(text: string | null): PageCursor | undefined {
    const at = text && text.length <= 200 ? text.indexOf('_') : -1;
    if (!text || at < 1 || at === text.length - 1) return undefined;
    return { startsAt: text.slice(0, at), eventId: text.slice(at + 1) };
  },
};

/**
 * Where a list's page starts (issue 69): after the previous page's last result (`?apres=`), before the next page's
 * first (`?avant=`), or at its number. A number alone beyond NUMBERED_PAGES (an old link) has `moved` to page 50,
 * whose « Suivant » goes on by keyset: where a deeper page starts is not counted.
 */
export function pageStart(
  params: URLSearchParams,
  filters: Partial<EventFilters>,
  page: number,
): { after?: PageCursor; before?: PageCursor } | { moved: string } {
  const start = { after: pageCursor.read(params.get('apres')), before: pageCursor.read(params.get('avant')) };
  if (page <= NUMBERED_PAGES || start.after || start.before) return start;
  return { moved: `/evenements?${filtersToParams(filters, { page: NUMBERED_PAGES })}` };
}
