// /sitemap.xml: the public pages, every upcoming public event and every active partner, for search engines.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { sitemapEvents } from '~/.server/events';

const SITEMAP_PAGES = [
  '/',
  '/evenements',
  '/partenaires',
  '/about',
  '/how-it-works',
  '/faq',
  '/contact',
  '/legal',
  '/privacy-policy',
  '/support-us',
] as const;

interface SitemapEntry {
  path: string;
  lastmod?: string;
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `    <loc>${escapeXml(`${siteUrl}${path}`)}</loc>`;
    return `  <url>\n${loc}\n${lastmod ? `    <lastmod>${escapeXml(lastmod)}</lastmod>\n` : ''}  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export async function loader({ context }: LoaderFunctionArgs) {
  const store = context.services.store;
  const [events, partners] = await Promise.all([sitemapEvents(store), store.partners.list({ activeOnly: true })]);
  const entries: SitemapEntry[] = [
    ...SITEMAP_PAGES.map((path) => ({ path })),
    ...events.map((e) => ({
      path: `/evenement/${encodeURIComponent(e.id)}`,
      lastmod: new Date(e.updatedAt).toISOString().slice(0, 10),
    })),
    ...partners.map((p) => ({ path: `/partenaires/${encodeURIComponent(p.id)}` })),
  ];
  return new Response(sitemapXml(context.services.config.SITE_URL, entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
