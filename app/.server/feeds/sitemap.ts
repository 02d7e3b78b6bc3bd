// The sitemaps (decision 159): /sitemap.xml is an index (sitemaps.org) of bounded files, /sitemap-pages.xml for the
// public pages, partners, venues and organizers, and /sitemap-evenements.xml?du=…&au=… for the upcoming public events
// whose last date ends on those days. The index groups days from the counts the store keeps per day, so that no file
// holds more than `perFile` events (the protocol allows 50,000 URLs a file): neither the index nor a file reads more
// events than it lists, however many the site holds. Each is memoised until the next write like every public read.
import { cachedRead } from '../events/public';
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

/** The protocol's most URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Events a file is made for: below the protocol's limit, for the events added between the index and its files. */
export const SITEMAP_EVENTS_PER_FILE = 45_000;

const DAY = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

type Services = { store: Store; config: Pick<Config, 'SITE_URL'> };

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

const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

function urlset(siteUrl: string, entries: SitemapEntry[]): string {
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

/** The days of an events file, from its `du` and `au` (UTC days, both included); null when they are not such days. */
export function sitemapDays(params: URLSearchParams): { firstDay: number; lastDay: number } | null {
  const [from, to] = [params.get('du') ?? '', params.get('au') ?? ''];
  if (!DAY_PATTERN.test(from) || !DAY_PATTERN.test(to)) return null;
  const [firstDay, lastDay] = [Date.parse(from) / DAY, Date.parse(to) / DAY];
  if (!Number.isInteger(firstDay) || !Number.isInteger(lastDay) || firstDay > lastDay) return null;
  return { firstDay, lastDay };
}

/**
 * /sitemap.xml: the pages' file, then the events' files, each a run of days whose events (as the store counts them per
 * day) add up to `perFile` at most; a day alone beyond it is a file alone.
 */
export function sitemapIndex(
  { store, config }: Services,
  perFile = SITEMAP_EVENTS_PER_FILE,
  now = new Date(),
): Promise<string> {
  return cachedRead(store, `sitemap-index:${perFile}`, async () => {
    const runs: { firstDay: number; lastDay: number; events: number }[] = [];
    for (const { day, events } of await store.events.publicEndDays(now.toISOString())) {
      const last = runs.at(-1);
      if (last && last.events + events <= perFile) Object.assign(last, { lastDay: day, events: last.events + events });
      else runs.push({ firstDay: day, lastDay: day, events });
    }
    const files = [
      '/sitemap-pages.xml',
      ...runs.map((r) => `/sitemap-evenements.xml?du=${isoDay(r.firstDay)}&au=${isoDay(r.lastDay)}`),
    ];
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...files.map((path) => `  <sitemap>\n    <loc>${escapeXml(`${config.SITE_URL}${path}`)}</loc>\n  </sitemap>`),
      '</sitemapindex>',
      '',
    ].join('\n');
  });
}

/** /sitemap-evenements.xml: the upcoming public events whose last date ends on those days, at most 50,000. */
export function eventsSitemap(
  { store, config }: Services,
  days: { firstDay: number; lastDay: number },
  now = new Date(),
): Promise<string> {
  return cachedRead(store, `sitemap-events:${days.firstDay}:${days.lastDay}`, async () => {
    const events = await store.events.publicEndingOn({
      endsAfter: now.toISOString(),
      ...days,
      limit: SITEMAP_MAX_URLS,
    });
    return urlset(
      config.SITE_URL,
      events.map((e) => ({
        path: `/evenement/${encodeURIComponent(e.id)}`,
        lastmod: new Date(e.updatedAt).toISOString().slice(0, 10),
      })),
    );
  });
}

/** /sitemap-pages.xml: the public pages, every active partner, the venue and organizer pages. */
export function pagesSitemap({ store, config }: Services): Promise<string> {
  return cachedRead(store, 'sitemap-pages', async () => {
    const [partners, places] = await Promise.all([
      store.partners.list({ activeOnly: true }),
      // Venue and organizer pages that have had a public event (the others are not indexed).
      sitemapPlaces({ store }),
    ]);
    return urlset(config.SITE_URL, [
      ...SITEMAP_PAGES.map((path) => ({ path })),
      ...partners.map((p) => ({ path: `/partenaires/${encodeURIComponent(p.id)}` })),
      ...places.venues.map((v) => ({ path: `/lieux/${v.slug}`, lastmod: v.updatedAt.slice(0, 10) })),
      ...places.organizers.map((o) => ({ path: `/organisateurs/${o.slug}`, lastmod: o.updatedAt.slice(0, 10) })),
    ]);
  });
}
