// GET /api/v1/events/{id}: one public event (its approved content), else a 404 in problem+json.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getApiEvent } from '~/.server/api/events';
import { apiOptions, apiRead } from '~/.server/http/api';

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return apiRead(request, context, () =>
    getApiEvent(context.services, params.id ?? '', new URL(request.url).searchParams, context.services.config.SITE_URL),
  );
}

export const action = ({ request }: ActionFunctionArgs) => apiOptions(request);
