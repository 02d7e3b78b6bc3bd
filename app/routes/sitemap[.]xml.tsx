// /sitemap.xml: the index of the sitemaps (app/.server/feeds/sitemap.ts builds it, decision 159).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { sitemapIndex } from '~/.server/feeds/sitemap';

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await sitemapIndex(context.services), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
