// GET /api/v1/venues: the approved venues (issue 36), by canton and town, with q and canton.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiVenues } from '~/.server/api/places';
import { apiOptions, apiRead } from '~/.server/http/api';

export function loader({ request, context }: LoaderFunctionArgs) {
  return apiRead(request, context, () =>
    apiVenues(context.services, new URL(request.url).searchParams, context.services.config.SITE_URL),
  );
}

export const action = ({ request }: ActionFunctionArgs) => apiOptions(request);
