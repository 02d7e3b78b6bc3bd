// The sitemaps read as a crawler reads them: the addresses of a file, and the event files of an index followed.
import { expect } from 'vitest';
import { eventsSitemap, sitemapDays } from '../../app/.server/feeds/sitemap';

export const locsOf = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));

/** The events the index's event files list, each file checked to list `max` at most. */
export async function eventsOfFiles(
  services: Parameters<typeof eventsSitemap>[0],
  files: string[],
  max: number,
  now: Date,
): Promise<string[]> {
  const locs: string[] = [];
  for (const file of files) {
    const days = sitemapDays(new URL(file).searchParams);
    if (!days) throw new Error(`${file} : jours illisibles`);
    const listed = locsOf(await eventsSitemap(services, days, now));
    expect(listed.length).toBeLessThanOrEqual(max);
    locs.push(...listed);
  }
  return locs;
}
