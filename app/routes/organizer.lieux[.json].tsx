// The event form's venue search as one types (decision 095): at most a dozen approved venues matching the words, for a
// signed-in user; the same answer for a minute in their browser.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { searchVenues } from '~/.server/places/venue-directory';
import { requireUser } from '~/.server/platform/session';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context.services);
  const query = new URL(request.url).searchParams.get('q') ?? '';
  const venues = await searchVenues(context.services, query);
  return Response.json({ venues }, { headers: { 'Cache-Control': 'private, max-age=60' } });
}
