// The built-in audience counter (docs/specification.md §2 « after every navigation a page view is sent »): one row per page view,
// with the path and the title only. Recorded only when the visitor accepted audience measurement; bots are ignored.
import { isbot } from 'isbot';
import type { CookieConsent } from '~/domain/consent';
import { isSitePage } from '~/domain/site-pages';
import { z } from '~/domain/zod';
import type { Store, UserProfile } from '../ports';
import { countBrowserSignal, eventOfPath } from './event-figures';

/** A page view is a path and a title: anything longer is not one. */
export const PAGE_VIEW_MAX_BYTES = 2048;

/**
 * Distinct paths counted per day: the site's pages and its events' and partners' pages are far fewer; past it, a
 * flood of made-up ids (`/evenement/<anything>`) adds nothing more.
 */
export const MAX_PAGE_PATHS_PER_DAY = 5_000;

const control = /\p{Cc}/gu;

const pageViewSchema = z.object({
  path: z
    .string()
    .max(1000)
    // Only the path: a query string may hold what someone searched, a fragment says nothing more.
    .transform((p) => p.split(/[?#]/, 1)[0].replace(control, ''))
    .refine((p) => p.startsWith('/') && !p.startsWith('//') && p.length <= 300),
  title: z
    .string()
    .max(1000)
    .default('')
    .transform((t) =>
      t
        .replace(control, '')
        .replace(/^\(\d+\) /, '')
        .trim()
        .slice(0, 200),
    ),
  /** The choice kept in the browser's local storage (with JavaScript, no cookie holds it): the beacon says it. */
  analytics: z.boolean().optional(),
  /** The date of a series an event's page is about (its `?date=`): that date's page view (decision 171). */
  date: z.string().max(10).optional().catch(undefined),
});

export type PageViewOutcome = 'recorded' | 'ignored' | 'invalid';

export interface PageViewInput {
  /** The request body as sent by navigator.sendBeacon: JSON of path and title. */
  body: string;
  userAgent: string | null;
  consent: CookieConsent | null;
  /** The signed-in account that sent it: an event's own organizers and admins are not its audience (decision 171). */
  viewer?: UserProfile | null;
}

export async function recordPageView(
  deps: { store: Store; now?: () => Date; maxPathsPerDay?: number },
  input: PageViewInput,
): Promise<PageViewOutcome> {
  let json: unknown;
  try {
    json = JSON.parse(input.body);
  } catch {
    return 'invalid';
  }
  const parsed = pageViewSchema.safeParse(json);
  if (!parsed.success) return 'invalid';
  // The choice in `__session` (made without JavaScript, or by a signed-in visitor) prevails; else the browser's own.
  const allowed = input.consent ? input.consent.preferences.analytics : parsed.data.analytics === true;
  if (!allowed) return 'ignored';
  if (!input.userAgent || isbot(input.userAgent)) return 'ignored';
  // Only this site's pages: the admin dashboard lists these paths (a 404 page, or `/\evil.example`, is not one).
  if (!isSitePage(parsed.data.path)) return 'ignored';
  const viewedAt = (deps.now ? deps.now() : new Date()).toISOString();
  const view = { path: parsed.data.path, title: parsed.data.title, viewedAt };
  if (!(await deps.store.stats.recordPageViewWithin(view, deps.maxPathsPerDay ?? MAX_PAGE_PATHS_PER_DAY))) {
    return 'ignored';
  }
  // An event's page: counted for its organizers too, from the aggregates (decision 171).
  const eventId = eventOfPath(view.path);
  if (eventId) {
    const { date, analytics } = parsed.data;
    await countBrowserSignal(deps, { ...input, eventId, kind: 'view', date, analytics, viewer: input.viewer ?? null });
  }
  return 'recorded';
}
