// GET /favoris/calendrier/{secret}: one's favourites as a calendar to subscribe to (decision 170), with the UIDs of the
// public feeds. An unknown or renewed secret is a 404. Never cached: the address is the key to one person's list.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { favouritesFeed } from '~/.server/favourites/feed';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const ics = await favouritesFeed(context.services, params.token ?? '', new Date());
  if (ics === null)
    return new Response('Ce calendrier n’existe pas ou son lien a été renouvelé.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  return new Response(ics, {
    headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, no-store' },
  });
}
