// The event form's venue search as one types (decision 095): at most a dozen approved venues (and the account's own
// proposals) matching the words, for a signed-in user; the same answer for a minute in their browser.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { ownPendingVenues, searchVenues } from '~/.server/places/venue-directory';
import { requireUser } from '~/.server/platform/session';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.services);
  const query = new URL(request.url).searchParams.get('q') ?? '';
  // The venues this account proposed too (issue 70): its own to choose again while they wait.
  const venues = await searchVenues(context.services, query, await ownPendingVenues(context.services, user));
  return Response.json({ venues }, { headers: { 'Cache-Control': 'private, max-age=60' } });
}
