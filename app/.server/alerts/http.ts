// What the pages of an alert's links share (decision 048): the token in the URL is the authority, as RFC 8058 wants
// for one-click unsubscribe (a mail client posts it without cookies, without a form token, often without Origin), so
// these posts carry no CSRF token; they are rate limited per client, their body bounded like every form's, and the
// pages are never cached (the site's Referrer-Policy already keeps their path from other sites).
import { data } from '@remix-run/node';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createLimiter } from '../platform/limiter';
import { readFormData, retryAfterSeconds, TOO_MANY_REQUESTS } from '../platform/security';

export const ALERT_LINK_HEADERS = { 'Cache-Control': 'no-store' } as const;

const perClient = createLimiter({ points: 30, duration: 60, keyPrefix: 'alert-links' });

/** Reads the post of an alert's link page, within the client's allowance. */
export async function readAlertLinkPost(request: Request, clientIp: string): Promise<FormData> {
  try {
    await perClient.consume(clientIp);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    throw data(
      { message: TOO_MANY_REQUESTS },
      { status: 429, headers: { 'Retry-After': retryAfterSeconds(error), ...ALERT_LINK_HEADERS } },
    );
  }
  return readFormData(request);
}
