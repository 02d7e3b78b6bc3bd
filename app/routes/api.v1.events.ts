// GET /api/v1/events: the public events of a selection, same filters as /evenements (docs/decisions/046-api-publique.md).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { listApiEvents } from '~/.server/api/events';
import { apiOptions, apiRead } from '~/.server/http/api';

export function loader({ request, context }: LoaderFunctionArgs) {
  return apiRead(request, context, () =>
    listApiEvents(context.services, new URL(request.url).searchParams, context.services.config.SITE_URL),
  );
}

export const action = ({ request }: ActionFunctionArgs) => apiOptions(request);
