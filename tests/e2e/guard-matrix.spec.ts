// Every route of the app's own manifest, for a visitor, an organizer and an admin (docs/specification.md §2 guards), and the security
// headers of every HTML answer among them.
// A route added without its line here makes the first test fail.
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { makeOrganizer, makeVenue } from '../support/factories';
import { expect, type Fixtures, type TestUser, test } from './fixtures';

type Guard =
  | 'public'
  | 'public-api'
  // The framed agenda (decision 047): the one answer other sites may frame, the same for everyone, never a cookie.
  | 'embed'
  | 'anonymous-only'
  | 'login'
  | 'admin'
  | 'admin-stream'
  | 'post-only'
  | 'not-found';

const EXPECTED: Record<string, Guard> = {
  '/': 'public',
  '/about': 'public',
  '/how-it-works': 'public',
  '/contact': 'public',
  '/faq': 'public',
  '/legal': 'public',
  '/privacy-policy': 'public',
  '/support-us': 'public',
  '/support-us/facture-qr.svg': 'public',
  '/support-us/facture-qr.pdf': 'public',
  '/auth/login': 'anonymous-only',
  '/auth/register': 'anonymous-only',
  '/auth/forgot-password': 'anonymous-only',
  '/auth/reset-password': 'public',
  '/auth/verify-email': 'public',
  '/auth/email-verification': 'public',
  '/auth/logout': 'post-only',
  '/auth/session': 'post-only',
  '/dashboard': 'login',
  '/organizer/dashboard': 'login',
  '/organizer/profile': 'login',
  '/organizer/submit-event': 'login',
  '/organizer/edit-event/:id': 'login',
  '/organizer/event-confirmation/:id': 'login',
  '/organizer/image-upload': 'post-only',
  // The organizer's profile and the venue search of the event form (decision 095).
  '/organizer/organisateur': 'login',
  '/organizer/lieux.json': 'login',
  '/evenements': 'public',
  '/evenements.ics': 'public',
  '/evenements.rss': 'public',
  '/evenement/:id': 'public',
  '/evenement/:id/calendrier.ics': 'public',
  // « Dernier retour » (issue 51): without a locality, only whether it is offered; the same for everyone.
  '/evenement/:id/retour.json': 'public',
  // Cancelling or restoring one date of a series (decision 041): its owner or an admin, by POST (recurring.spec.ts).
  '/evenement/:id/date': 'post-only',
  // « Ça a lieu ? » (issue 51): the day's status, said by its organizer or an admin; « Me prévenir », asked by anyone.
  '/evenement/:id/statut': 'login',
  '/evenement/:id/prevenir': 'public',
  // Places to book (decision 168): a visitor registers and cancels by a mailed link (an unknown one is a 404 for
  // everyone); the list and its export are its organizers' (the organizer's own event below, as for its edit screen).
  '/evenement/:id/inscription': 'public',
  '/evenement/:id/chiffres': 'login',
  '/evenement/:id/inscriptions': 'login',
  '/evenement/:id/inscriptions.csv': 'login',
  '/inscription/annuler/:token': 'not-found',
  // An organization's members (decision 167): the invitation link opens for anyone, the members' page is theirs.
  '/organisation/invitation': 'public',
  '/organizer/membres': 'login',
  '/carte.json': 'public',
  // The public API (decision 046): the same answer for everyone, cookie or not, cacheable by shared caches.
  '/api/v1/events': 'public-api',
  '/api/v1/events/:id': 'public-api',
  '/api/v1/categories': 'public-api',
  '/api/v1/partners': 'public-api',
  '/api/v1/openapi.json': 'public-api',
  '/developpeurs': 'public',
  '/integrer': 'embed',
  '/integrer/configurateur': 'public',
  '/admin': 'admin',
  '/admin/categories': 'admin',
  '/admin/events': 'admin',
  '/admin/partners': 'admin',
  // Venues and organizers as records (issue 36): approve, rename, merge.
  '/admin/lieux': 'admin',
  // A venue's description, website and photo (issue 47).
  '/admin/lieux/:id': 'admin',
  '/admin/organisateurs': 'admin',
  // Published without moderation (issue 21): the trusted publications, to review after the fact.
  '/admin/publications': 'admin',
  // Calendar sources (issue 21): the list, and one source's page (GUARD_SOURCE below).
  '/admin/sources': 'admin',
  '/admin/sources/:id': 'admin',
  '/admin/users': 'admin',
  // School holidays by canton (issue 51): the periods and the CSV import.
  '/admin/vacances': 'admin',
  // ActivityPub (issue 37): followers, deliveries, sources, blocked domains; « not enabled » when FEDERATION is off.
  '/admin/federation': 'admin',
  '/admin/live': 'admin-stream',
  '/partenaires': 'public',
  '/partenaires/:id': 'public',
  // Venues and organizers with pages of their own (issue 36): GUARD_VENUE and GUARD_ORGANIZER below.
  '/lieux': 'public',
  '/lieux/:slug': 'public',
  '/organisateurs': 'public',
  '/organisateurs/:slug': 'public',
  '/api/v1/venues': 'public-api',
  '/api/v1/organizers': 'public-api',
  '/payment/success': 'login',
  '/payment/webhook': 'post-only',
  // Scheduled jobs for Cloud Scheduler (decision 051): a bearer token, no session (app/.server/server/jobs.test.ts).
  '/taches/:name': 'post-only',
  // Email alerts without an account (decision 048, alerts.spec.ts): the form's page and its answer are public; the
  // pages of a mail's link need its token (an unknown one is a 404 for everyone).
  '/alertes/nouvelle': 'public',
  '/alertes/demandee': 'public',
  '/alertes/confirmer/:token': 'not-found',
  '/alertes/gerer/:token': 'not-found',
  '/alertes/desabonner/:token': 'not-found',
  // Ending an alert of one's own address from the profile.
  '/alertes/profil': 'post-only',
  '/sitemap.xml': 'public',
  // The files of its index (decision 159): days that are not days are a 404 for everyone.
  '/sitemap-pages.xml': 'public',
  '/sitemap-evenements.xml': 'public',
  '/robots.txt': 'public',
  '/healthz': 'public',
  '/livez': 'public',
  '/cookies': 'post-only',
  // The heart (decision 170): GET gives the keys an account keeps (none for a visitor), POST keeps or drops one.
  '/favoris/garder': 'public',
  // What is kept, by the account or this browser's `favoris` cookie: never kept (`no-store`, decision 170); its
  // calendar by a secret link, 404 when unknown.
  '/favoris': 'public',
  '/favoris/calendrier/:token': 'not-found',
  // « Vos favoris cette semaine » for the home page's script (decision 173): never kept (`no-store`).
  '/favoris/semaine': 'public',
  // « Suivre » an organizer or a venue (decision 173): an account's, by POST from its page.
  '/suivre': 'post-only',
  '/analytics/pageview': 'post-only',
  '/analytics/clic': 'post-only',
  '/push/subscription': 'post-only',
  // The preview of an image awaiting moderation: its owner and admins only (decision 031, review-images.spec.ts);
  // an unknown name is a 404 for everyone.
  '/apercu-image/:token': 'not-found',
  '/*': 'not-found',
};

interface ManifestRoute {
  path?: string;
  parentId?: string;
  index?: boolean;
}

async function manifestPaths(): Promise<string[]> {
  const build = (await import(path.resolve('build/server/index.js'))) as { routes: Record<string, ManifestRoute> };
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return [parent, route.path ?? ''].filter(Boolean).join('/');
  };
  // A layout and its index share their path (/admin: routes/admin.tsx and admin._index): one URL, one line.
  const paths = Object.keys(build.routes)
    .filter((id) => id !== 'root')
    .map((id) => `/${fullPath(id)}`.replace(/\/$/, '') || '/');
  return [...new Set(paths)];
}

/** What the patterns' :id stand for: a published event, an active partner, and an event of the organizer. */
interface Targets {
  event: string;
  partner: string;
  owned: string;
}

/** A calendar source for `/admin/sources/:id`, the same for every test of this file (saved again: idempotent). */
const GUARD_SOURCE = {
  id: 'matrice-des-gardes',
  name: 'Source de la matrice des gardes',
  url: 'https://exemple.ch/agenda.ics',
  category: 'vie-locale',
  canton: 'VD' as const,
  organizerName: 'Commune d’essai',
  trusted: false,
  intervalMinutes: 60,
  createdBy: 'matrice',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  state: 'new' as const,
  consecutiveFailures: 0,
  lastRunAt: null,
  // Far ahead: the scheduled import never picks it up.
  nextRunAt: '2099-01-01T00:00:00.000Z',
  lastError: '',
  etag: null,
  lastModified: null,
};
/** A venue and an organizer for `/lieux/:slug` and `/organisateurs/:slug`, the events of the matrix theirs. */
const GUARD_VENUE = makeVenue({
  id: 'matrice-lieu',
  slug: 'salle-de-la-matrice-des-gardes',
  name: 'Salle de la matrice des gardes',
  description: 'Une salle d’essai, accessible et complète.',
  accessibility: { wheelchair: true, inductionLoop: true, accessibleToilets: true, okGo: true, cultureInclusive: true },
});
const GUARD_ORGANIZER = makeOrganizer({
  id: 'matrice-organisateur',
  slug: 'organisateur-de-la-matrice-des-gardes',
  name: 'Organisateur de la matrice des gardes',
  description: 'Une association d’essai.',
  website: 'https://exemple.ch',
});
const PLACES = { venueId: GUARD_VENUE.id, organizerId: GUARD_ORGANIZER.id };
test.beforeAll(async ({ ports }) => {
  await ports.store.imports.saveSource(GUARD_SOURCE);
  if (!(await ports.store.venues.findById(GUARD_VENUE.id))) await ports.store.venues.insertMany([GUARD_VENUE]);
  if (!(await ports.store.organizers.findById(GUARD_ORGANIZER.id)))
    await ports.store.organizers.insertMany([GUARD_ORGANIZER]);
});

function concrete(pattern: string, targets: Targets): string {
  if (pattern.startsWith('/admin/sources/')) return pattern.replace(':id', GUARD_SOURCE.id);
  if (pattern.startsWith('/evenement/') && !/\/(inscriptions|chiffres)/.test(pattern))
    return pattern.replace(':id', targets.event);
  if (pattern.startsWith('/api/v1/events/')) return pattern.replace(':id', targets.event);
  if (pattern.startsWith('/partenaires/')) return pattern.replace(':id', targets.partner);
  if (pattern === '/lieux/:slug') return `/lieux/${GUARD_VENUE.slug}`;
  if (pattern === '/admin/lieux/:id') return `/admin/lieux/${GUARD_VENUE.id}`;
  if (pattern === '/organisateurs/:slug') return `/organisateurs/${GUARD_ORGANIZER.slug}`;
  if (pattern === '/*') return '/une-page-qui-n-existe-pas';
  // One file of the sitemap's index: its days in the address (decision 159).
  if (pattern === '/sitemap-evenements.xml') return `${pattern}?du=2026-01-01&au=2026-01-31`;
  // Organizer screens of one event: an event of the organizer of the test (its owner; admins may open any).
  return pattern.replace(':id', targets.owned);
}

/** The first bytes of an endless Server-Sent Events answer, read in the page (a plain request would wait forever). */
async function probeStream(page: Page, url: string): Promise<string> {
  return page.evaluate(async (target) => {
    const controller = new AbortController();
    const response = await fetch(target, { signal: controller.signal, redirect: 'manual' });
    const first = await response.body?.getReader().read();
    controller.abort();
    return `${response.status} ${response.headers.get('Content-Type')} ${new TextDecoder().decode(first?.value)}`;
  }, url);
}

async function check(
  request: APIRequestContext,
  who: 'visitor' | 'organizer' | 'admin',
  pattern: string,
  targets: Targets,
  page?: Page,
) {
  const url = concrete(pattern, targets);
  if (EXPECTED[pattern] === 'admin-stream' && who === 'admin' && page) {
    expect(await probeStream(page, url), `${who} ${url}`).toMatch(
      // The first message: the count, and how soon to reconnect after a cut (Hosting's every 60 s).
      /^200 text\/event-stream(; charset=utf-8)? event: pending\nid: \S+\nretry: 500\ndata: \{"count":\d+\}/,
    );
    return;
  }
  const response = await request.get(url, { maxRedirects: 0 });
  const location = response.headers().location ?? null;
  const got = `${response.status()} ${location ?? ''}`.trim();
  const loginRedirect = `302 /auth/login?redirect=${encodeURIComponent(url)}`;
  const expected = {
    public: '200',
    'public-api': '200',
    embed: '200',
    'anonymous-only': who === 'visitor' ? '200' : '302 /',
    login: who === 'visitor' ? loginRedirect : '200',
    admin: who === 'visitor' ? loginRedirect : who === 'organizer' ? '302 /' : '200',
    'admin-stream': who === 'visitor' ? loginRedirect : '302 /',
    'post-only': '302 /',
    'not-found': '404',
  }[EXPECTED[pattern]];
  expect(got, `${who} ${url}`).toBe(expected);
  if (EXPECTED[pattern] === 'embed') {
    const headers = response.headers();
    expect(headers['content-security-policy'], `${who} ${url}`).toContain('frame-ancestors *');
    expect(headers['x-frame-options'], `${who} ${url}`).toBeUndefined();
    expect(headers['set-cookie'], `${who} ${url}`).toBeUndefined();
    return;
  }
  expectSecurityHeaders(response.headers(), who, url);
  expectCaching(response.headers(), who, EXPECTED[pattern], response.status(), url, pattern);
}

/**
 * Issue 18: a visitor without `__session` gets no cookie and nothing `private` (the public pages are `public` for
 * shared caches, with a strong ETag); a signed-in visitor's pages are `private, no-store`.
 */
function expectCaching(
  headers: Record<string, string>,
  who: string,
  guard: Guard,
  status: number,
  url: string,
  pattern: string,
) {
  const label = `${who} ${url}`;
  const cacheControl = headers['cache-control'] ?? '';
  // An address that carries a token is its holder's alone, whoever asks and whatever the answer (issue 31).
  if (pattern.includes(':token')) {
    expect(cacheControl, label).toBe('private, no-store');
    if (who === 'visitor') expect(headers['set-cookie'], label).toBeUndefined();
    return;
  }
  if (guard === 'public-api') {
    expect(headers['set-cookie'], label).toBeUndefined();
    expect(cacheControl, label).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(headers['access-control-allow-origin'], label).toBe('*');
    return;
  }
  if (who !== 'visitor') {
    expect(cacheControl, label).toContain('no-store');
    if (status === 200) expect(cacheControl, label).toBe('private, no-store');
    return;
  }
  expect(headers['set-cookie'], label).toBeUndefined();
  expect(cacheControl, label).not.toContain('private');
  if (
    status === 200 &&
    (guard === 'public' || guard === 'anonymous-only') &&
    url !== '/healthz' &&
    url !== '/livez' &&
    url !== '/favoris' &&
    url !== '/favoris/semaine'
  ) {
    expect(cacheControl, label).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(headers.etag, label).toMatch(/^"[\w-]+"$/);
  }
}

/** Issue 10: every HTML answer (pages, errors) enforces the CSP and the other headers; logged-in ones are never stored. */
function expectSecurityHeaders(headers: Record<string, string>, who: 'visitor' | 'organizer' | 'admin', url: string) {
  const label = `${who} ${url}`;
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  if (!(headers['content-type'] ?? '').startsWith('text/html')) return;
  const csp = headers['content-security-policy'] ?? '';
  expect(headers['content-security-policy-report-only'], label).toBeUndefined();
  // No nonce (a page from a shared cache would share it): the hashes of the page's inline scripts.
  const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, label).toMatch(/^'self' 'strict-dynamic'( 'sha256-[A-Za-z0-9+/]{43}=')+$/);
  expect(csp, label).not.toContain('nonce-');
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
    expect(csp, label).toContain(directive);
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  if (who !== 'visitor') expect(headers['cache-control'], label).toContain('no-store');
}

test.describe('matrice des gardes @http', () => {
  let organizer: TestUser;
  let targets: Targets;
  test.beforeEach(async ({ createUser, createEvent, createPartner }) => {
    organizer = await createUser();
    targets = {
      event: (await createEvent(PLACES)).id,
      partner: (await createPartner()).id,
      owned: (await createEvent({ status: 'pending', createdBy: organizer.uid })).id,
    };
  });

  test('chaque route du manifeste a sa ligne dans la matrice', async () => {
    expect((await manifestPaths()).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  test('visiteur', async ({ request }) => {
    for (const pattern of Object.keys(EXPECTED)) await check(request, 'visitor', pattern, targets);
  });

  test('organisateur', async ({ page, loginAs }) => {
    await loginAs(page, organizer);
    await page.goto('/');
    for (const pattern of Object.keys(EXPECTED)) await check(page.request, 'organizer', pattern, targets);
  });

  // Issue 35's outside tester: the confirmation page of another's event answered 500 (nothing shown, still an error).
  test('un autre organisateur : l’événement d’un autre est introuvable, le reste comme pour tout organisateur', async ({
    page,
    createUser,
    loginAs,
  }) => {
    await loginAs(page, await createUser());
    await page.goto('/');
    const othersEvent = (pattern: string) =>
      pattern.includes(':id') && concrete(pattern, targets).includes(targets.owned);
    expect(Object.keys(EXPECTED).filter(othersEvent).sort()).toEqual([
      '/evenement/:id/chiffres',
      '/evenement/:id/inscriptions',
      '/evenement/:id/inscriptions.csv',
      '/organizer/edit-event/:id',
      '/organizer/event-confirmation/:id',
    ]);
    for (const pattern of Object.keys(EXPECTED)) {
      if (!othersEvent(pattern)) {
        await check(page.request, 'organizer', pattern, targets);
        continue;
      }
      const url = concrete(pattern, targets);
      const response = await page.request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(404);
      expect(await response.text(), url).toContain('Page introuvable');
      expectSecurityHeaders(response.headers(), 'organizer', url);
    }
  });

  test('admin', async ({ page, createUser, loginAs }) => {
    await loginAs(page, await createUser({ role: 'admin' }));
    await page.goto('/');
    for (const pattern of Object.keys(EXPECTED)) await check(page.request, 'admin', pattern, targets, page);
  });
});

/**
 * Issue 19 §11: French typography on every page of the matrix, as each role sees it: a non-breaking space (U+202F
 * before ; ! ?, U+00A0 before : and inside « ») rather than an ordinary one or none, the typographic apostrophe,
 * « Tous les », long dates without a comma, a number kept on the line of « caractères ». The whole text of the page
 * counts, hidden parts included (closed menu, cookie dialog), scripts and styles aside, with the placeholders, titles
 * and labels of its elements.
 */
const TYPOGRAPHY: [RegExp, string][] = [
  [/ [:;!?»]/g, 'espace ordinaire avant : ; ! ? ou »'],
  [/« /g, 'espace ordinaire après «'],
  [/«[^\u00A0\u202F]|[^\u00A0\u202F]»/g, 'guillemets sans espace insécable'],
  [/\p{L}'\p{L}/gu, 'apostrophe droite'],
  [/\bTout les\b/g, '« Tout les »'],
  [/\b(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche), \d/g, 'virgule après le jour de la semaine'],
  [/\d caractères?\b/g, 'espace ordinaire entre un nombre et « caractères »'],
];

/** Issue 18: every Content-Security-Policy violation the page reports (an inline script without its hash…). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(`${page.url()} — ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()} — ${message.text()}`);
  });
  return violations;
}

async function typographyMistakes(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  const text = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const node of copy.querySelectorAll('script, style, noscript, template, code, pre')) node.remove();
    const attributes = [...document.querySelectorAll('[placeholder], [title], [aria-label], [alt]')].flatMap((el) =>
      ['placeholder', 'title', 'aria-label', 'alt'].map((name) => el.getAttribute(name) ?? ''),
    );
    return [document.title, copy.textContent ?? '', ...attributes].join('\n').replace(/[ \t\n]+/g, ' ');
  });
  return TYPOGRAPHY.flatMap(([pattern, rule]) =>
    [...text.matchAll(pattern)].map(
      (m) => `${url} — ${rule} : « ${text.slice(Math.max(0, m.index - 30), m.index + 10)} »`,
    ),
  );
}

// Pages only: files (images included), feeds and the health check are not read by people.
const pages = (guards: Guard[]) =>
  Object.keys(EXPECTED).filter(
    (p) =>
      guards.includes(EXPECTED[p]) &&
      !/\.(svg|pdf|ics|rss|json|xml|txt|csv)$/.test(p) &&
      p !== '/healthz' &&
      p !== '/livez' &&
      !p.startsWith('/apercu-image/'),
  );

/** Each role and the pages of the matrix it reads. */
const ROLE_PAGES: [string, Guard[]][] = [
  ['visiteur', ['public', 'anonymous-only', 'not-found']],
  ['organisateur', ['login']],
  ['admin', ['admin']],
];

/** An event, a partner and an organizer's pending event to fill the patterns; then logged in as `who` (if not a visitor). */
async function visitAs(
  who: string,
  page: Page,
  f: Pick<Fixtures, 'createUser' | 'createEvent' | 'createPartner' | 'loginAs'>,
): Promise<Targets> {
  const organizer = await f.createUser();
  const targets: Targets = {
    event: (await f.createEvent(PLACES)).id,
    partner: (await f.createPartner()).id,
    owned: (await f.createEvent({ status: 'pending', createdBy: organizer.uid })).id,
  };
  if (who === 'organisateur') await f.loginAs(page, organizer);
  if (who === 'admin') await f.loginAs(page, await f.createUser({ role: 'admin' }));
  return targets;
}

test.describe('typographie française et CSP de chaque page @js-only', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const [who, guards] of ROLE_PAGES) {
    test(who, async ({ page, createUser, createEvent, createPartner, loginAs }) => {
      const violations = await watchCsp(page);
      const targets = await visitAs(who, page, { createUser, createEvent, createPartner, loginAs });
      const mistakes: string[] = [];
      for (const pattern of pages(guards)) {
        mistakes.push(...(await typographyMistakes(page, concrete(pattern, targets))));
      }
      expect(mistakes).toEqual([]);
      expect(violations).toEqual([]);
    });
  }
});

/** Issue 19: on a 390 px phone no page of the matrix is wider than the screen, as each role sees it. */
test.describe('aucune page ne déborde sur un téléphone de 390 px @js-only', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 390, height: 844 } });

  for (const [who, guards] of ROLE_PAGES) {
    test(who, async ({ page, createUser, createEvent, createPartner, loginAs }) => {
      const targets = await visitAs(who, page, { createUser, createEvent, createPartner, loginAs });
      const wide: string[] = [];
      for (const pattern of pages(guards)) {
        const url = concrete(pattern, targets);
        await page.goto(url);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) wide.push(`${url} : ${width} px`);
      }
      expect(wide).toEqual([]);
    });
  }
});

/**
 * Issue 33 §14: on a 390 px phone, what an organizer or an admin taps while working is at least 44 px (WCAG 2.5.5):
 * buttons, fields, drop-downs, tabs and pages, the rows of check boxes and radios; a link standing alone at least 24 px (WCAG
 * 2.5.8; a link within a sentence is exempt). Within the page's main area: the header and the footer are the public
 * sweep's. Every page of the matrix that each signed-in role reads, with and without JavaScript.
 */
async function smallTargets(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return ['pas de <main>'];
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && !el.closest('.visually-hidden, [hidden], dialog:not([open])');
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} « ${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('name') || '').trim().replace(/\s+/g, ' ').slice(0, 40)} »`;
    const problems: string[] = [];
    const check = (el: Element, target: Element, min: number, what: string) => {
      const box = target.getBoundingClientRect();
      if (box.height < min - 0.5 || box.width < Math.min(min, 24) - 0.5)
        problems.push(`${name(el)} ${what} ${Math.round(box.width)}×${Math.round(box.height)}`);
    };
    for (const el of main.querySelectorAll(
      'button, select, textarea, summary, input:not([type="hidden"]), a, [role="tab"], [role="button"]',
    )) {
      if (!visible(el) && !(el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type))) continue;
      // The venue's pin on the form's map is drawn by Leaflet once the map loads (sometimes after this sweep): it is not
      // the way to place the venue (the address fields are, WCAG 2.5.8's « equivalent » exception), so never counted.
      if (el.matches('.leaflet-marker-icon')) continue;
      if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)) {
        const label = el.closest('label') ?? (el.id ? main.querySelector(`label[for="${el.id}"]`) : null);
        if (label && visible(label)) check(el, label, 44, 'ligne de choix');
        else if (visible(el)) check(el, el, 44, 'case');
        continue;
      }
      // A link among the links of a navigation (tabs, pages) is tapped like a button.
      if (el instanceof HTMLAnchorElement && !el.matches('.button, [role="tab"], [role="button"], nav a')) {
        // A link within a sentence is exempt; alone in its block, at least 24 px.
        const block = el.parentElement;
        const inSentence = (block?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 2;
        if (!inSentence) check(el, el, 24, 'lien');
        continue;
      }
      check(el, el, 44, 'commande');
    }
    return problems;
  });
}

test.describe('cibles tactiles des pages des organisateurs et des admins, à 390 px', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: { width: 390, height: 844 } });

  for (const [who, guards] of ROLE_PAGES.filter(([role]) => role !== 'visiteur')) {
    test(who, { tag: '@once' }, async ({ page, createUser, createEvent, createPartner, loginAs }) => {
      const targets = await visitAs(who, page, { createUser, createEvent, createPartner, loginAs });
      const small: string[] = [];
      for (const pattern of pages(guards)) {
        const url = concrete(pattern, targets);
        for (const problem of await smallTargets(page, url)) small.push(`${url} — ${problem}`);
      }
      expect(small).toEqual([]);
    });
  }
});
