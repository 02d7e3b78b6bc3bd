// GET /api/v1/partners: the active partners and donors shown on /partenaires.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiOptions, apiRead } from '~/.server/api/http';
import { apiPartners } from '~/.server/api/lists';

export function loader({ request, context }: LoaderFunctionArgs) {
  return apiRead(request, context, () => apiPartners(context.services, context.services.config.SITE_URL));
}

export const action = ({ request }: ActionFunctionArgs) => apiOptions(request);
