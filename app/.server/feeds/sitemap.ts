// /sitemap.xml: the public pages, every upcoming public event, every active partner, venue and organizer pages, for search engines. The events
// come from the public query of the list (public statuses, what an admin approved), through its read cache.
import { cachedRead, sitemapEvents } from '../events/public';
import { sitemapPlaces } from '../places/public-places';
import type { Config } from '../platform/config';
import type { Store } from '../ports';

const SITEMAP_PAGES = [
  '/',
  '/evenements',
  '/partenaires',
  '/lieux',
  '/organisateurs',
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

/** The sitemap's XML, memoised until the next write like every public read. */
export function sitemap({ store, config }: { store: Store; config: Pick<Config, 'SITE_URL'> }): Promise<string> {
  return cachedRead(store, 'sitemap', async () => {
    const [events, partners, places] = await Promise.all([
      sitemapEvents({ store }),
      store.partners.list({ activeOnly: true }),
      // Venue and organizer pages that have had a public event (the others are not indexed).
      sitemapPlaces({ store }),
    ]);
    const entries: SitemapEntry[] = [
      ...SITEMAP_PAGES.map((path) => ({ path })),
      ...events.map((e) => ({
        path: `/evenement/${encodeURIComponent(e.id)}`,
        lastmod: new Date(e.updatedAt).toISOString().slice(0, 10),
      })),
      ...partners.map((p) => ({ path: `/partenaires/${encodeURIComponent(p.id)}` })),
      ...places.venues.map((v) => ({ path: `/lieux/${v.slug}`, lastmod: v.updatedAt.slice(0, 10) })),
      ...places.organizers.map((o) => ({ path: `/organisateurs/${o.slug}`, lastmod: o.updatedAt.slice(0, 10) })),
    ];
    return sitemapXml(config.SITE_URL, entries);
  });
}
