// POST /analytics/clic?evenement=…&quoi=…[&date=…]: a counted link of an event's page (« Ajouter au calendrier »,
// « Billetterie », « Itinéraire », the CFF timetable) reports its click: by the browser's `ping` without JavaScript, by a
// beacon with it. As the page views' beacon: same-origin only, small, rate limited, counted only with the visitor's
// audience consent, and nothing kept of who sent it (decision 171).
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { countBrowserSignal } from '~/.server/analytics/event-figures';
import { readConsent } from '~/.server/platform/consent';
import { guardPost } from '~/.server/platform/guard';
import { getCurrentUser } from '~/.server/platform/session';
import { CLICK_KINDS, type ClickKind } from '~/domain/event-figures';

export async function loader() {
  return redirect('/');
}

const text = (body: string | null, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: body ? { 'Content-Type': 'text/plain; charset=utf-8', ...headers } : headers });

/** A beacon says the choice kept in the browser (`{"analytics":true}`); a ping's body is `PING`. */
function browserChoice(body: string): boolean {
  try {
    return (JSON.parse(body) as { analytics?: unknown })?.analytics === true;
  } catch {
    return false;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const body = await guardPost(request, context, {
    audience: 'beacon',
    rate: { bucket: 'clicks', perMinute: context.services.config.RATE_LIMIT_SIGNALS_PER_MINUTE },
    refuse: ({ status, message, reason, retryAfter }) =>
      text(reason === 'rate' ? 'Trop de clics.' : message, status, retryAfter ? { 'Retry-After': retryAfter } : {}),
  });
  const query = new URL(request.url).searchParams;
  const eventId = query.get('evenement') ?? '';
  const kind = query.get('quoi') ?? '';
  if (!eventId || eventId.length > 100 || !(CLICK_KINDS as readonly string[]).includes(kind)) {
    return text('Clic illisible.', 400);
  }
  await countBrowserSignal(context.services, {
    eventId,
    kind: kind as ClickKind,
    date: query.get('date'),
    analytics: browserChoice(body),
    userAgent: request.headers.get('User-Agent'),
    consent: await readConsent(request, context.services),
    viewer: await getCurrentUser(request, context.services),
  });
  return text(null, 204);
}
