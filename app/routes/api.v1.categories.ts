// GET /api/v1/categories: the active categories, in the site's order, with their count of upcoming public events.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiCategories } from '~/.server/api/lists';
import { apiOptions, apiRead } from '~/.server/http/api';

export function loader({ request, context }: LoaderFunctionArgs) {
  return apiRead(request, context, () => apiCategories(context.services, context.services.config.SITE_URL));
}

export const action = ({ request }: ActionFunctionArgs) => apiOptions(request);
