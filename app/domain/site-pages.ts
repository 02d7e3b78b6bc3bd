// The pages of this site, as patterns (`:id`, `:slug` is one path segment): what a page view may name. Kept equal to the page
// routes of app/routes (a test derives them with Remix's own route naming and compares).

export const SITE_PAGES = [
  '/',
  '/about',
  '/admin',
  '/admin/categories',
  '/admin/events',
  '/admin/federation',
  '/admin/lieux',
  '/admin/lieux/:id',
  '/admin/organisateurs',
  '/admin/partners',
  '/admin/publications',
  '/admin/sources',
  '/admin/sources/:id',
  '/admin/users',
  '/admin/vacances',
  // The pages of an alert's mail links: `:token` is a secret, never expanded below, so they are never counted.
  '/alertes/confirmer/:token',
  '/alertes/demandee',
  '/alertes/desabonner/:token',
  '/alertes/gerer/:token',
  '/alertes/nouvelle',
  '/auth/email-verification',
  '/auth/forgot-password',
  '/auth/login',
  '/auth/register',
  '/auth/reset-password',
  '/auth/verify-email',
  '/contact',
  '/dashboard',
  '/developpeurs',
  '/evenement/:id',
  '/evenement/:id/chiffres',
  '/evenement/:id/date',
  '/evenement/:id/inscription',
  '/evenement/:id/inscriptions',
  '/evenement/:id/prevenir',
  '/evenement/:id/statut',
  '/evenements',
  '/faq',
  '/favoris',
  '/healthz',
  '/how-it-works',
  '/inscription/annuler/:token',
  '/integrer/configurateur',
  '/legal',
  '/lieux',
  '/lieux/:slug',
  '/organisateurs',
  '/organisateurs/:slug',
  '/organisation/invitation',
  '/organizer/dashboard',
  '/organizer/edit-event/:id',
  '/organizer/event-confirmation/:id',
  '/organizer/membres',
  '/organizer/organisateur',
  '/organizer/profile',
  '/organizer/submit-event',
  '/partenaires',
  '/partenaires/:id',
  '/payment/success',
  '/privacy-policy',
  '/support-us',
] as const;

/** An id or a slug as this site makes them: letters, digits, dashes, underscores. */
const SEGMENT = '[A-Za-z0-9_-]{1,100}';

const PATTERN = new RegExp(
  `^(?:${SITE_PAGES.map((page) => page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(?:id|slug)\b/g, SEGMENT)).join('|')})$`,
);

/** True when `path` (no query string, no fragment) is one of this site's pages, written as the site writes it. */
export function isSitePage(path: string): boolean {
  return PATTERN.test(path);
}
