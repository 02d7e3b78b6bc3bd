// /sitemap.xml (app/.server/feeds/sitemap.ts builds it).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { sitemap } from '~/.server/feeds/sitemap';

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await sitemap(context.services), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
