// /sitemap-pages.xml: the public pages, partners, venues and organizers (app/.server/feeds/sitemap.ts, decision 159).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { pagesSitemap } from '~/.server/feeds/sitemap';

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await pagesSitemap(context.services), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
