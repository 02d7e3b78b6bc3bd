// The list's title, description and RSS link: its filters in words.
import type { MetaFunction } from '@remix-run/node';
import { listQuery, NUMBERED_PAGES } from '~/domain/event-filters';
import { pageMeta } from '~/domain/meta';
import { describeSelection } from './list';
import type { loader } from './route';

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const described = data ? describeSelection(data.filters, data.categoryName, data.alertDescription) : '';
  // Page 2 is not page 1: two tabs, two history entries, two results in a search engine (« …, page 2 »).
  const page = data && data.page > 1 ? `, page ${data.page}` : '';
  return [
    ...pageMeta({
      title: `${described ? `Événements : ${described}` : 'Événements'}${page}`,
      description: `Tous les événements à venir en Suisse romande${described ? ` (${described})` : ''} : concerts, spectacles, marchés, fêtes, sorties.`,
      // Its canonical address: its filters in the site's order and words, page 1 without its number, nothing else (no
      // tracking parameter, no map view), so a crawler indexes one address per selection and page (issue 69).
      // Beyond page 50 (NUMBERED_PAGES), the cursor it was reached by: its number alone leads to page 50.
      path: data ? pageHref(data, data.page, cursorOf(data, location.search)) : `/evenements${location.search}`,
      matches,
    }),
    // A crawler walks the pages of a selection one after the other (issue 69); the events themselves are in the sitemap.
    ...(data?.view === 'liste' && data.page > 1
      ? [{ tagName: 'link', rel: 'prev', href: pageHref(data, data.page - 1, previousCursor(data)) }]
      : []),
    ...(data?.view === 'liste' && data.page < data.pageCount
      ? [{ tagName: 'link', rel: 'next', href: pageHref(data, data.page + 1, data.after ? { apres: data.after } : {}) }]
      : []),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: 'Flux RSS de cette sélection',
      href: `/evenements.rss${location.search}`,
    },
  ];
};

/** The address of a page of the same selection (page 1 without its number, as the pagination links). */
function pageHref(
  data: { filters: Parameters<typeof listQuery>[0] },
  page: number,
  cursor: { apres?: string; avant?: string } = {},
): string {
  return `/evenements${listQuery(data.filters, page > 1 ? { page, ...cursor } : {})}`;
}

/** The previous page's end, when it is beyond NUMBERED_PAGES: before this page's first result. */
const previousCursor = (data: { page: number; before: string | null }) =>
  data.page - 1 > NUMBERED_PAGES && data.before ? { avant: data.before } : {};

/** A page beyond NUMBERED_PAGES: the cursor of its own address, that its canonical keeps. */
function cursorOf(data: { page: number }, search: string): { apres?: string; avant?: string } {
  if (data.page <= NUMBERED_PAGES) return {};
  const params = new URLSearchParams(search);
  const [apres, avant] = [params.get('apres'), params.get('avant')];
  return apres ? { apres } : avant ? { avant } : {};
}
