// /evenements.rss: the events of a list selection (same query as /evenements) as an RSS 2.0 feed.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getConfig } from '~/.server/config';
import { eventsForFeed } from '~/.server/feed-queries';
import { buildRss, feedTitle } from '~/.server/feeds';
import { getStore } from '~/.server/store';
import { filtersToParams } from '~/domain/event-filters';
import { SITE_TAGLINE } from '~/domain/site';

export async function loader({ request }: LoaderFunctionArgs) {
  const { SITE_URL } = getConfig();
  const { events, filters, searchError, categories } = await eventsForFeed(
    getStore(),
    new URL(request.url).searchParams,
  );
  const query = filtersToParams(filters).toString();
  const search = query ? `?${query}` : '';
  const body = buildRss(events, {
    siteUrl: SITE_URL,
    title: feedTitle(filters, categories),
    selfUrl: `${SITE_URL}/evenements.rss${search}`,
    link: `${SITE_URL}/evenements${search}`,
    description: searchError ?? `Agenda romand, ${SITE_TAGLINE} : les événements à venir de cette sélection.`,
    categories,
  });
  return new Response(body, {
    status: searchError ? 400 : 200,
    headers: {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=900',
    },
  });
}
