// What was published without moderation (issue 21): the trusted accounts' and sources' publications, newest first,
// for admins to review after the fact. Each links to the event's moderation, where it can be unpublished.
import { askedPage, shownPage } from '~/domain/paging';
import type { Store } from '../ports';

export const PUBLICATIONS_PAGE_SIZE = 50;

/** Which page (ports/paging.ts): `?after=` / `?before=` a cursor of the page next to it; `page` is only shown. */
export type PublicationsPage = ReturnType<typeof askedPage>;

export const parsePublicationsPage = askedPage;

const href = (page: number, cursor: string, key: 'after' | 'before') =>
  `/admin/publications?${new URLSearchParams({ page: String(page), [key]: cursor })}`;

export async function publishedWithoutModeration({ store }: { store: Store }, request: PublicationsPage) {
  const { items, total, next, prev } = await store.moderationLog.listPublications({
    limit: PUBLICATIONS_PAGE_SIZE,
    after: request.after,
    before: request.before,
  });
  const pages = Math.max(1, Math.ceil(total / PUBLICATIONS_PAGE_SIZE));
  const page = shownPage(request.page, { prev, next }, pages);
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
