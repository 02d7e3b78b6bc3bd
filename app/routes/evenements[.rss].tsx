// /evenements.rss: the events of a list selection (same query as /evenements) as an RSS 2.0 feed.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { buildRss, feedTitle } from '~/.server/feeds/feeds';
import { eventsForFeed } from '~/.server/feeds/queries';
import { filtersToParams } from '~/domain/event-filters';
import { SITE_TAGLINE } from '~/domain/site';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { SITE_URL } = context.services.config;
  const { events, filters, searchError, categories } = await eventsForFeed(
    context.services.store,
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
