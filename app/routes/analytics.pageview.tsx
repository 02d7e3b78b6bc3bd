// POST /analytics/pageview: the page views sent by navigator.sendBeacon after each navigation (SPEC §2), when the
// visitor accepted audience measurement. A beacon carries no CSRF token: same-origin requests only, small bodies,
// a rate limit, and nothing stored about who sent it (see docs/decisions/013-mesure-d-audience.md).
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { recordPageView } from '~/.server/analytics';
import { readConsent } from '~/.server/consent';
import { FORBIDDEN_ORIGIN, isSameOriginRequest, rateLimited } from '~/.server/security';

const PER_MINUTE = 60;

export async function loader() {
  return redirect('/');
}

const text = (body: string | null, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: body ? { 'Content-Type': 'text/plain; charset=utf-8', ...headers } : headers });

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return text('Méthode non autorisée.', 405);
  if (!isSameOriginRequest(request)) return text(FORBIDDEN_ORIGIN, 403);
  const limited = await rateLimited(context, 'pageviews', PER_MINUTE);
  if (limited) return text('Trop de pages vues.', 429, { 'Retry-After': limited.retryAfter });
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'text/plain' && type !== 'application/json') return text('Format non pris en charge.', 415);
  // A page view is at most a couple of kilobytes: the beacon's body limit (platform/request-body.ts) cut it before.
  let body: string;
  try {
    body = await request.text();
  } catch {
    return text('Requête illisible.', 400);
  }
  const outcome = await recordPageView(context.services, {
    body,
    userAgent: request.headers.get('User-Agent'),
    consent: await readConsent(request),
  });
  return outcome === 'invalid' ? text('Page vue illisible.', 400) : text(null, 204);
}
