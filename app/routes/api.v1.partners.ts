// GET /api/v1/partners: the active partners and donors shown on /partenaires.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiPartners } from '~/.server/api/lists';
import { apiOptions, apiRead } from '~/.server/http/api';

export function loader({ request, context }: LoaderFunctionArgs) {
  return apiRead(request, context, () => apiPartners(context.services, context.services.config.SITE_URL));
}

export const action = ({ request }: ActionFunctionArgs) => apiOptions(request);
