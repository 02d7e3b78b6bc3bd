// GET /favoris/semaine: « Vos favoris cette semaine » for the home page's script (issue 74, decision 173). The home page
// is public and cached, the same for everyone: its script asks here only when this browser has favourites (an account,
// or its `favoris` cookie, whose keys it sends itself: behind Firebase Hosting the cookie does not reach the service).
// Never kept: `no-store`.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { favouriteKeysOf, favouritesThisWeek } from '~/.server/favourites/list';
import { getCurrentUser } from '~/.server/platform/session';
import { formatEventShort } from '~/domain/event-dates';
import { FAVOURITES_COOKIE } from '~/domain/favourites';

const NEVER_KEPT = { 'Cache-Control': 'no-store' };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { store } = context.services;
  const user = await getCurrentUser(request, context.services);
  const said = new URL(request.url).searchParams.get('cles');
  const cookie = said !== null ? `${FAVOURITES_COOKIE}=${said.slice(0, 4096)}` : request.headers.get('Cookie');
  const keys = await favouriteKeysOf(store, user?.uid ?? null, cookie);
  const items = (await favouritesThisWeek(store, keys, new Date())).map((i) => ({
    key: i.keyText,
    href: `/evenement/${i.event.id}${i.key.startsAt ? `?date=${i.startsAt.slice(0, 10)}` : ''}`,
    title: i.event.title,
    when: formatEventShort({ startsAt: i.startsAt, endsAt: i.endsAt, allDay: i.event.allDay }),
    city: i.event.city,
    cancelled: i.cancelled,
  }));
  return Response.json({ items }, { headers: NEVER_KEPT });
}

export const headers = () => NEVER_KEPT;
