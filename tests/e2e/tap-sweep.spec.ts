// Every public and organizer page on a 390 px phone (issue 47): no tap target under 24 × 24 px unless spaced as WCAG
// 2.5.8 allows, actions of 44 px, and no text cut in the event page's bottom bar. One visit per page, in a loop.
import fs from 'node:fs';
import { slugify } from '../../app/domain/slug';
import { makeOrganizer, makeVenue } from '../support/factories';
import { expect, type TestUser, test } from './fixtures';
import { clippedTexts, smallTargets } from './tap-targets';
import { unique } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

/** The pages of the guard matrix (itself checked against app/routes) that a visitor or an organizer sees. */
function pagesOf(guards: string[]): string[] {
  const matrix = fs.readFileSync(new URL('./guard-matrix.spec.ts', import.meta.url), 'utf8');
  const table = matrix.slice(matrix.indexOf('const EXPECTED'), matrix.indexOf('};', matrix.indexOf('const EXPECTED')));
  return [...table.matchAll(/'([^']+)': '([a-z-]+)'/g)]
    .filter((m) => guards.includes(m[2]))
    .map((m) => m[1])
    .filter((p) => !/\.(svg|pdf|ics|rss|json|xml|txt|csv)$/.test(p) && !['/healthz', '/livez'].includes(p));
}

test.describe('cibles tactiles et textes coupés, à 390 px', { tag: '@once' }, () => {
  test('chaque page publique et d’organisateur : cibles de 24 px ou espacées, actions de 44 px, barre du bas entière', async ({
    page,
    ports,
    createEvent,
    loginAs,
  }) => {
    test.setTimeout(240_000);
    const publicPages = pagesOf(['public', 'embed', 'anonymous-only']);
    const organizerPages = pagesOf(['login']);
    expect(publicPages).toEqual(expect.arrayContaining(['/', '/evenements', '/evenement/:id', '/auth/login']));
    expect(organizerPages).toEqual(expect.arrayContaining(['/dashboard', '/organizer/submit-event']));
    // The demo organizer the server seeds (DEMO_ACCOUNTS of app/.server/seed/seed.ts, SEED_DEMO in e2e).
    const demo = { email: 'organisateur@demo.agenda-romand.ch', password: 'Romandie-Orga-2026' };
    const organizer = { ...demo } as unknown as TestUser;
    const signedIn = await ports.identity.checkPassword(demo.email, demo.password);
    if (!signedIn) throw new Error('organisateur de démonstration absent');
    // An event of the demo organizer at a venue of its own, with a long title (the bottom bar, the cards).
    const event = await createEvent({
      status: 'approved',
      createdBy: signedIn.uid,
      title: unique('Concert de l’ensemble vocal de la Broye et ses invités'),
    });
    const [partner] = await ports.store.partners.list({ activeOnly: true });
    const venue = makeVenue({ id: unique('lieu').replace(/\W/g, ''), name: unique('Salle du tango') });
    venue.slug = slugify(venue.name);
    const host = makeOrganizer({ id: unique('orga').replace(/\W/g, ''), name: unique('Club de tango') });
    host.slug = slugify(host.name);
    await ports.store.venues.insertMany([venue]);
    await ports.store.organizers.insertMany([host]);
    await ports.store.events.attachPlaces([{ eventId: event.id, venueId: venue.id, organizerId: host.id }]);
    const address = (pattern: string) =>
      pattern
        .replace('/evenement/:id', `/evenement/${event.id}`)
        .replace('/lieux/:slug', `/lieux/${venue.slug}`)
        .replace('/organisateurs/:slug', `/organisateurs/${host.slug}`)
        .replace('/partenaires/:id', `/partenaires/${partner?.id ?? ''}`)
        .replace(':id', event.id);
    // The consent already given: the banner is not a page's own target.
    await page.addInitScript(() => localStorage.setItem('cookie-consent-given', 'true'));
    const found: Record<string, unknown> = {};
    const sweep = async (url: string) => {
      await page.goto(url);
      // The map's zoom buttons measured once the map's own styles apply (they load with its chunk).
      if (url.includes('vue=carte'))
        await expect
          .poll(() => page.locator('.leaflet-control-zoom-in').evaluate((el) => el.getBoundingClientRect().width))
          .toBeGreaterThanOrEqual(44);
      const small = await smallTargets(page);
      const cut = await clippedTexts(page);
      if (small.length || cut.length) found[url] = { small, cut };
    };
    for (const pattern of [
      ...publicPages,
      '/evenements?vue=carte',
      '/evenements?q=tango&canton=NE',
      '/evenements?q=zzzz&gratuit=1',
    ])
      await sweep(address(pattern));
    await loginAs(page, organizer);
    for (const pattern of organizerPages) await sweep(address(pattern));
    expect(found).toEqual({});
  });
});
