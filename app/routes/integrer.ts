// GET /integrer?categorie=…&canton=…&limite=…: the agenda for an iframe on another site (decision 047).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { embedPage } from '~/.server/embed/agenda-html';

export function loader({ request, context }: LoaderFunctionArgs) {
  return embedPage(context.services, new URL(request.url).searchParams, context.services.config.SITE_URL);
}
