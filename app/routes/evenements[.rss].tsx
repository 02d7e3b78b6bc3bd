// /evenements.rss: the events of a list selection (same query as /evenements) as an RSS 2.0 feed.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { buildRssInSlices } from '~/.server/feeds/feeds';
import { selectionFeed } from '~/.server/feeds/selection-feed';
import { guardedFeed } from '~/.server/http/feed-guard';
import { selectionFeedResponse } from '~/.server/http/feeds';
import { filtersToParams } from '~/domain/event-filters';

export function loader({ request, context }: LoaderFunctionArgs) {
  // Made within the address's allowance and its turn (issue 46); a feed kept in the page cache never gets here.
  return guardedFeed(context.clientIp, () => makeFeed(request, context));
}

async function makeFeed(request: Request, context: LoaderFunctionArgs['context']) {
  const { SITE_URL } = context.services.config;
  // A series is one item (decision 065), which a reader sees once, not once a week.
  const feed = await selectionFeed(context.services, new URL(request.url).searchParams, { series: true });
  const query = filtersToParams(feed.filters).toString();
  const search = query ? `?${query}` : '';
  const body = await buildRssInSlices(feed.events, {
    siteUrl: SITE_URL,
    title: feed.title,
    selfUrl: `${SITE_URL}/evenements.rss${search}`,
    link: `${SITE_URL}/evenements${search}`,
    description: feed.description,
    categories: feed.categories,
    registrations: feed.registrations,
  });
  return selectionFeedResponse(body, feed, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
}
