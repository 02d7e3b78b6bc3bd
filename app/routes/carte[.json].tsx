// The located events matching the list filters, as JSON for maps that load their points after the page.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { activeCategorySlugs } from '~/.server/categories/categories';
import { mapEvents } from '~/.server/events/public';
import { parseEventFilters } from '~/domain/event-filters';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const store = context.services.store;
  const { filters, searchError, nearError } = parseEventFilters(
    new URL(request.url).searchParams,
    await activeCategorySlugs({ store }),
  );
  const refused = searchError ?? nearError;
  const points = refused ? [] : await mapEvents({ store }, filters);
  return Response.json(points, {
    status: refused ? 400 : 200,
    headers: { 'Cache-Control': 'public, max-age=60' },
  });
}
