// /robots.txt: everything public may be crawled; private areas may not; where the sitemap is.
import { getConfig } from '~/.server/config';

const DISALLOWED = ['/admin', '/organizer', '/dashboard', '/auth', '/payment'] as const;

export function loader() {
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${getConfig().SITE_URL}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
