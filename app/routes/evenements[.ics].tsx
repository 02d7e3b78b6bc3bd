// /evenements.ics: the events of a list selection (same query as /evenements) as a calendar to subscribe to.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { buildICalendar } from '~/.server/calendar';
import { getConfig } from '~/.server/config';
import { eventsForFeed } from '~/.server/feed-queries';
import { feedTitle } from '~/.server/feeds';
import { getStore } from '~/.server/store';
import { SITE_TAGLINE } from '~/domain/site';

export async function loader({ request }: LoaderFunctionArgs) {
  const { SITE_URL } = getConfig();
  const { events, filters, searchError, categories } = await eventsForFeed(
    getStore(),
    new URL(request.url).searchParams,
  );
  const body = buildICalendar(events, {
    siteUrl: SITE_URL,
    name: feedTitle(filters, categories),
    description: searchError ?? `Agenda romand, ${SITE_TAGLINE} : les événements à venir de cette sélection.`,
    categories,
  });
  return new Response(body, {
    status: searchError ? 400 : 200,
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="agenda-romand.ics"',
      'Cache-Control': 'public, max-age=900',
    },
  });
}
