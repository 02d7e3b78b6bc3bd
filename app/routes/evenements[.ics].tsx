// /evenements.ics: the events of a list selection (same query as /evenements) as a calendar to subscribe to.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { buildICalendarInSlices } from '~/.server/feeds/calendar';
import { selectionFeed } from '~/.server/feeds/selection-feed';
import { guardedFeed } from '~/.server/http/feed-guard';
import { selectionFeedResponse } from '~/.server/http/feeds';

export function loader({ request, context }: LoaderFunctionArgs) {
  // Made within the address's allowance and its turn (issue 46); a feed kept in the page cache never gets here.
  return guardedFeed(context.clientIp, () => makeFeed(request, context));
}

async function makeFeed(request: Request, context: LoaderFunctionArgs['context']) {
  const feed = await selectionFeed(context.services, new URL(request.url).searchParams);
  const body = await buildICalendarInSlices(
    feed.events,
    {
      siteUrl: context.services.config.SITE_URL,
      name: feed.title,
      description: feed.description,
      categories: feed.categories,
      registrations: feed.registrations,
    },
    context.services.store.revision(),
  );
  return selectionFeedResponse(body, feed, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': 'inline; filename="agenda-romand.ics"',
  });
}
