// What crawlers are given (issue 69): a list page names its canonical address (its filters in the site's order, nothing
// else) and its neighbours (`rel=prev`, `rel=next`); the sitemap lists the events themselves, not the list's pages.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import { pageStart } from '../../app/.server/events/page-start';
import { pagesSitemap, sitemapDays, sitemapIndex } from '../../app/.server/feeds/sitemap';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { parseEventFilters } from '../../app/domain/event-filters';
import { meta } from '../../app/routes/evenements/meta';
import { makeEvent } from '../support/factories';
import { eventsOfFiles, locsOf } from '../support/sitemaps';

const SITE = 'https://agenda.example';

/** The <link> tags of the list's head for this address, on page `page` of `pageCount`. */
function links(search: string, pageCount: number, after: string | null = null, before: string | null = null) {
  const params = new URLSearchParams(search);
  const { filters, page } = parseEventFilters(
    params,
    DEFAULT_CATEGORIES.map((c) => c.slug),
  );
  const data = {
    filters,
    page,
    pageCount,
    after,
    before,
    view: params.get('vue') === 'carte' ? 'carte' : 'liste',
    categoryName: '',
  };
  const tags = meta({
    data,
    matches: [{ id: 'root', data: { siteUrl: SITE } }],
    location: { search: `?${search}` },
  } as unknown as Parameters<typeof meta>[0]) as { tagName?: string; rel?: string; href?: string }[];
  const href = (rel: string) => tags.find((t) => t.tagName === 'link' && t.rel === rel)?.href ?? null;
  return { canonical: href('canonical'), prev: href('prev'), next: href('next') };
}

describe('la liste guide les robots', () => {
  it('une page annonce son adresse canonique, sans paramètre de suivi ni page 1, et ses voisines', () => {
    expect(links('utm_source=lettre&canton=VD&category=musique&page=2', 5)).toEqual({
      canonical: `${SITE}/evenements?category=musique&canton=VD&page=2`,
      prev: '/evenements?category=musique&canton=VD',
      next: '/evenements?category=musique&canton=VD&page=3',
    });
    expect(links('page=1&fbclid=abc', 3)).toEqual({
      canonical: `${SITE}/evenements`,
      prev: null,
      next: '/evenements?page=2',
    });
    // The next page starts after this one's last result (a keyset read); the canonical address is the page's number.
    expect(links('canton=VD&page=49&apres=2026-12-05T20:00:00_ev1', 60, '2026-12-10T18:00:00_ev2')).toEqual({
      canonical: `${SITE}/evenements?canton=VD&page=49`,
      prev: '/evenements?canton=VD&page=48',
      next: '/evenements?canton=VD&page=50&apres=2026-12-10T18%3A00%3A00_ev2',
    });
    // Beyond page 50 (NUMBERED_PAGES), a page is its cursor's: its number alone goes to page 50. Its previous page
    // ends before its first result (`avant`), read by keyset as its next one.
    expect(
      links('page=61&apres=2027-03-05T20:00:00_ev1', 4000, '2027-03-06T18:00:00_ev2', '2027-03-05T21:00:00_ev3'),
    ).toEqual({
      canonical: `${SITE}/evenements?page=61&apres=2027-03-05T20%3A00%3A00_ev1`,
      prev: '/evenements?page=60&avant=2027-03-05T21%3A00%3A00_ev3',
      next: '/evenements?page=62&apres=2027-03-06T18%3A00%3A00_ev2',
    });
    // Page 51's previous page is 50, by its number.
    expect(links('page=51&apres=2027-03-01T20:00:00_ev1', 4000, null, '2027-03-01T21:00:00_ev3').prev).toBe(
      '/evenements?page=50',
    );
    // The last page has no next one; the map of a selection is the list's address.
    expect(links('canton=GE&page=4', 4)).toMatchObject({ prev: '/evenements?canton=GE&page=3', next: null });
    expect(links('vue=carte&canton=GE', 4)).toEqual({
      canonical: `${SITE}/evenements?canton=GE`,
      prev: null,
      next: null,
    });
  });

  it('au-delà de la page 50, un numéro seul (un ancien lien) mène à la page 50, un curseur à sa page', () => {
    const filters = { canton: 'VD' as const };
    expect(pageStart(new URLSearchParams('page=2500&canton=VD'), filters, 2500)).toEqual({
      moved: '/evenements?canton=VD&page=50',
    });
    expect(pageStart(new URLSearchParams('page=50'), filters, 50)).toEqual({ after: undefined, before: undefined });
    expect(pageStart(new URLSearchParams('page=2500&avant=2027-03-05T21:00:00_ev3'), filters, 2500)).toEqual({
      after: undefined,
      before: { startsAt: '2027-03-05T21:00:00', eventId: 'ev3' },
    });
  });

  it('le plan du site liste chaque événement public à venir, en fichiers bornés, pas les pages de la liste', async () => {
    const store = createSqliteStore(openDatabase(':memory:'));
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    const now = new Date();
    const later = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
    const events = Array.from({ length: 45 }, (_, i) =>
      makeEvent({ id: `fete${i}`, slug: `fete${i}`, startsAt: later(1 + i), endsAt: later(1.1 + i) }, { now }),
    );
    const pending = makeEvent(
      { id: 'attente', slug: 'attente', status: 'pending', startsAt: later(2), endsAt: later(2.1) },
      { now },
    );
    await store.events.insertMany([...events, pending]);
    const services = { store, config: { SITE_URL: SITE } };
    // An index of files of at most 10 events each (50,000 on the site): 45 events need five, and the pages' file.
    const index = await sitemapIndex(services, 10, now);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locsOf(index);
    expect(files[0]).toBe(`${SITE}/sitemap-pages.xml`);
    const eventFiles = files.slice(1);
    expect(eventFiles).toHaveLength(5);
    for (const file of eventFiles) expect(file.startsWith(`${SITE}/sitemap-evenements.xml?du=`)).toBe(true);
    const locs = await eventsOfFiles(services, eventFiles, 10, now);
    // The 45 events (more than two pages of the list, more than a file), each once; the waiting one is not public.
    expect(locs.sort()).toEqual(events.map((e) => `${SITE}/evenement/${e.id}`).sort());
    expect(locs).not.toContain(`${SITE}/evenement/attente`);
    // The list once, as a page of the site: none of its pages nor its selections.
    const pages = locsOf(await pagesSitemap(services));
    expect(pages.filter((l) => l.startsWith(`${SITE}/evenements`))).toEqual([`${SITE}/evenements`]);
    // Days that are not days: no file.
    expect(sitemapDays(new URLSearchParams('du=2026-12-01&au=demain'))).toBeNull();
    expect(sitemapDays(new URLSearchParams('du=2026-12-05&au=2026-12-01'))).toBeNull();
    await store.close();
  });
});
