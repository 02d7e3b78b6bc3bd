// /sitemap-evenements.xml?du=…&au=…: the upcoming public events whose last date ends on those days, one file of the
// index /sitemap.xml (app/.server/feeds/sitemap.ts, decision 159). Days that are not days: not found.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { eventsSitemap, sitemapDays } from '~/.server/feeds/sitemap';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const days = sitemapDays(new URL(request.url).searchParams);
  if (!days) throw new Response('Plan du site introuvable', { status: 404 });
  return new Response(await eventsSitemap(context.services, days), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
