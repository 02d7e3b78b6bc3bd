// /evenements.ics: the events of a list selection (same query as /evenements) as a calendar to subscribe to.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { buildICalendar } from '~/.server/feeds/calendar';
import { feedTitle } from '~/.server/feeds/feeds';
import { eventsForFeed } from '~/.server/feeds/queries';
import { SITE_TAGLINE } from '~/domain/site';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { SITE_URL } = context.services.config;
  const { events, filters, searchError, categories } = await eventsForFeed(
    context.services.store,
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
