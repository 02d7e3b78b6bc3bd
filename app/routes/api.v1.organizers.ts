// GET /api/v1/organizers: the approved organizers (issue 36), by name, with q.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiOrganizers } from '~/.server/api/places';
import { apiOptions, apiRead } from '~/.server/http/api';

export function loader({ request, context }: LoaderFunctionArgs) {
  return apiRead(request, context, () =>
    apiOrganizers(context.services, new URL(request.url).searchParams, context.services.config.SITE_URL),
  );
}

export const action = ({ request }: ActionFunctionArgs) => apiOptions(request);
