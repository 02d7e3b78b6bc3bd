// /evenement/{id}/retour.json?retour=<localité>[&date=]: « Dernier retour » (issue 51) for the page with JavaScript:
// the last connection home after the date shown, as the page without JavaScript renders it (docs/dernier-retour.md).
// Its answer depends on its address only (event, date, locality), never on who asks: it may be kept like a page.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getEventForViewer } from '~/.server/events/public';
import { seriesView } from '~/.server/events/series';
import { lastTripFor, readLastTripAsk, returnFor } from '~/.server/http/last-trip';
import { eventPlaces } from '~/.server/places/public-places';
import { getCurrentUser } from '~/.server/platform/session';
import { namesCloseTo } from '~/domain/close-localities';

const json = (body: unknown, status = 200, keep = true) =>
  Response.json(body, { status, headers: keep ? {} : { 'Cache-Control': 'no-store' } });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const store = context.services.store;
  const view = await getEventForViewer({ store }, params.id ?? '', await getCurrentUser(request, context.services));
  if (!view) return json({ error: 'Cet événement n’existe pas ou n’est pas public.' }, 404, false);
  const { event } = view;
  const url = new URL(request.url);
  const now = new Date();
  const series = await seriesView({ store }, event, url.searchParams.get('date'), now);
  const shown = series?.chosen ?? series?.upcoming.find((d) => !d.cancelled) ?? null;
  const counted = returnFor(event, series, shown, now);
  const ask = readLastTripAsk(url.searchParams);
  // Refused: the localities close to what was typed come with the message (« Vouliez-vous dire … ? »).
  if (ask?.error) return json({ error: ask.error, suggestions: namesCloseTo(ask.typed) }, 400, false);
  if (!ask?.home || !counted) return json({ answer: null, offered: counted !== null });
  const { venue } = await eventPlaces({ store }, event);
  const answer = await lastTripFor(
    { transportUrl: context.services.config.TRANSPORT_API_URL, clientIp: context.clientIp },
    { event, stop: venue?.stop ?? '' },
    counted.occasion,
    ask.home,
  );
  return json(
    { answer, offered: true, assumedEnd: counted.window.assumedEnd },
    200,
    answer?.kind !== 'unavailable' && answer?.kind !== 'busy',
  );
}
