// /evenements.ics: the events of a list selection (same query as /evenements) as a calendar to subscribe to.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { buildICalendar } from '~/.server/feeds/calendar';
import { selectionFeed } from '~/.server/feeds/selection-feed';
import { selectionFeedResponse } from '~/.server/http/feeds';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const feed = await selectionFeed(context.services, new URL(request.url).searchParams);
  const body = buildICalendar(feed.events, {
    siteUrl: context.services.config.SITE_URL,
    name: feed.title,
    description: feed.description,
    categories: feed.categories,
  });
  return selectionFeedResponse(body, feed, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': 'inline; filename="agenda-romand.ics"',
  });
}
