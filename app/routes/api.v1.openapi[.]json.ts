// GET /api/v1/openapi.json: the OpenAPI 3.1 document of the public API.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { openApiDocument } from '~/.server/api/openapi';
import { apiOptions, apiRead } from '~/.server/http/api';

export function loader({ request, context }: LoaderFunctionArgs) {
  return apiRead(request, context, async () => openApiDocument(context.services.config.SITE_URL));
}

export const action = ({ request }: ActionFunctionArgs) => apiOptions(request);
