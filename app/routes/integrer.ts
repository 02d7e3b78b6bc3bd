// GET /integrer?categorie=…&canton=…&limite=…: the agenda for an iframe on another site (decision 047).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { EMBED_CSP, embedPage } from '~/.server/embed/agenda-html';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { status, html } = await embedPage(
    context.services,
    new URL(request.url).searchParams,
    context.services.config.SITE_URL,
  );
  // Its own policy: no script but the height's, and any site may frame it.
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': EMBED_CSP },
  });
}
