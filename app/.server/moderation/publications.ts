// What was published without moderation (issue 21): the trusted accounts' and sources' publications, newest first,
// for admins to review after the fact. Each links to the event's moderation, where it can be unpublished.
import type { Store } from '../ports';

export const PUBLICATIONS_PAGE_SIZE = 50;
/** Pages further back are not offered (Firestore reads every entry before the page asked for). */
export const PUBLICATIONS_MAX_PAGE = 100;

export function parsePublicationsPage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10) || 1;
  return Math.max(1, Math.min(PUBLICATIONS_MAX_PAGE, page));
}

export async function publishedWithoutModeration({ store }: { store: Store }, page: number) {
  const { items, total } = await store.moderationLog.listPublications({
    limit: PUBLICATIONS_PAGE_SIZE,
    offset: (page - 1) * PUBLICATIONS_PAGE_SIZE,
  });
  return {
    page,
    total,
    pages: Math.min(PUBLICATIONS_MAX_PAGE, Math.max(1, Math.ceil(total / PUBLICATIONS_PAGE_SIZE))),
    items: items.map((p) => ({
      id: p.id,
      eventId: p.eventId,
      eventTitle: p.eventTitle,
      /** null once the event is deleted. */
      eventStatus: p.eventStatus,
      /** The trusted account, or the admin of the source named in `via`. */
      publisherName: p.adminName,
      via: p.reason,
      publishedAt: p.createdAt,
    })),
  };
}
