// GET /api/v1/openapi.json: the OpenAPI 3.1 document of the public API.
import type { ActionFunctionArgs } from '@remix-run/node';
import { apiJson, apiOptions } from '~/.server/api/http';
import { OPENAPI } from '~/.server/api/openapi';

export const loader = () => apiJson(OPENAPI);

export const action = ({ request }: ActionFunctionArgs) => apiOptions(request);
