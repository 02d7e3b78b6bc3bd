// /robots.txt: everything public may be crawled; private areas may not; where the sitemap is.
import type { LoaderFunctionArgs } from '@remix-run/node';

const DISALLOWED = ['/admin', '/organizer', '/dashboard', '/auth', '/payment'] as const;

export function loader({ context }: LoaderFunctionArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${context.services.config.SITE_URL}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
