// What was published without moderation (issue 21): the trusted accounts' and sources' publications, newest first,
// for admins to review after the fact. Each links to the event's moderation, where it can be unpublished.
import type { Store } from '../ports';

export const PUBLICATIONS_PAGE_SIZE = 50;

/** Which page (ports/paging.ts): `?after=` / `?before=` a cursor of the page next to it; `page` is only shown. */
export interface PublicationsPage {
  page: number;
  after: string | null;
  before: string | null;
}

const cursorParam = (value: string | null) => (value && value.length <= 200 ? value : null);

export function parsePublicationsPage(params: URLSearchParams): PublicationsPage {
  const after = cursorParam(params.get('after'));
  const before = after ? null : cursorParam(params.get('before'));
  const page = Number.parseInt(params.get('page') ?? '1', 10) || 1;
  // Without a cursor, the first page whatever its number says.
  return { page: after || before ? Math.max(1, Math.min(1_000_000, page)) : 1, after, before };
}

const href = (page: number, cursor: string, key: 'after' | 'before') =>
  `/admin/publications?${new URLSearchParams({ page: String(page), [key]: cursor })}`;

export async function publishedWithoutModeration({ store }: { store: Store }, request: PublicationsPage) {
  const { items, total, next, prev } = await store.moderationLog.listPublications({
    limit: PUBLICATIONS_PAGE_SIZE,
    after: request.after,
    before: request.before,
  });
  const pages = Math.max(1, Math.ceil(total / PUBLICATIONS_PAGE_SIZE));
  // Back on the first page (no page before it), or a cursor of an entry since gone: the number follows the links.
  const page = prev === null ? 1 : Math.min(Math.max(2, request.page), next === null ? pages : pages - 1);
  return {
    page,
    total,
    pages,
    previous: prev ? href(page - 1, prev, 'before') : null,
    next: next ? href(page + 1, next, 'after') : null,
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
