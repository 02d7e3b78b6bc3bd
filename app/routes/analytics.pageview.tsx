// POST /analytics/pageview: the page views sent by navigator.sendBeacon after each navigation (docs/specification.md §2), when the
// visitor accepted audience measurement. A beacon carries no CSRF token: same-origin requests only, small bodies,
// a rate limit, and nothing stored about who sent it (see docs/decisions/013-mesure-d-audience.md).
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { recordPageView } from '~/.server/analytics/page-views';
import { readConsent } from '~/.server/platform/consent';
import { guardPost } from '~/.server/platform/guard';
import { getCurrentUser } from '~/.server/platform/session';

export async function loader() {
  return redirect('/');
}

const text = (body: string | null, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: body ? { 'Content-Type': 'text/plain; charset=utf-8', ...headers } : headers });

export async function action({ request, context }: ActionFunctionArgs) {
  const body = await guardPost(request, context, {
    audience: 'beacon',
    rate: { bucket: 'pageviews', perMinute: context.services.config.RATE_LIMIT_SIGNALS_PER_MINUTE },
    refuse: ({ status, message, reason, retryAfter }) =>
      text(
        reason === 'rate' ? 'Trop de pages vues.' : message,
        status,
        retryAfter ? { 'Retry-After': retryAfter } : {},
      ),
  });
  const outcome = await recordPageView(context.services, {
    body,
    userAgent: request.headers.get('User-Agent'),
    consent: await readConsent(request, context.services),
    viewer: await getCurrentUser(request, context.services),
  });
  return outcome === 'invalid' ? text('Page vue illisible.', 400) : text(null, 204);
}
