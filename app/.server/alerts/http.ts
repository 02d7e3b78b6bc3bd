// What the pages of an alert's links share (decision 048): the token in the URL is the authority, as RFC 8058 wants
// for one-click unsubscribe (a mail client posts it without cookies, without a form token, often without Origin), so
// their posts go through guardPost as a `link` (no CSRF token, no honeypot; refused only when the headers say
// cross-site), 30 a minute per client, their body bounded like every form's; the pages and answers are never cached
// (the site's Referrer-Policy already keeps their path from other sites).
import type { LinkGuard } from '../platform/guard';

export const ALERT_LINK_HEADERS = { 'Cache-Control': 'no-store' } as const;

/** The guard of every post of an alert's link pages. */
export const ALERT_LINK_GUARD: LinkGuard = { audience: 'link', rate: { bucket: 'alert-links', perMinute: 30 } };
