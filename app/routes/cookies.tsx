// POST /cookies: the cookie banner's and preferences dialog's choices (docs/specification.md §2, §4). Without JavaScript the form
// posts here and comes back to the page; with JavaScript the same form is posted by fetch (`js=1`) and gets JSON.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { consentCookieHeader, hasSessionCookie } from '~/.server/platform/consent';
import { setFlash } from '~/.server/platform/flash';
import { guardPost, type Refusal } from '~/.server/platform/guard';
import { safeRedirect } from '~/.server/platform/session';
import type { VisitorServices } from '~/.server/platform/visitor';
import { CONSENT_INTENTS, CONSENT_INVALID, consentFor } from '~/domain/consent';
import { z } from '~/domain/zod';

// A GET (a bookmarked or typed address) just goes home.
export async function loader() {
  return redirect('/');
}

const ticked = z
  .string()
  .optional()
  .transform((v) => v === 'on' || v === 'true');

const consentForm = z.object({
  intent: z.enum(CONSENT_INTENTS),
  analytics: ticked,
  marketing: ticked,
  functional: ticked,
  redirectTo: z.string().optional(),
  js: z.string().optional(),
});

const SAVED: Record<(typeof CONSENT_INTENTS)[number], string> = {
  'accept-all': 'Tous les cookies sont acceptés. Vous pouvez changer d’avis avec le bouton « Cookies ».',
  'necessary-only': 'Seuls les cookies nécessaires sont utilisés.',
  save: 'Vos préférences de cookies sont enregistrées.',
  reset: 'Vos choix de cookies sont effacés.',
};

/** A refused choice: JSON for the fetch of the enhanced form, else back to the page with the message. */
async function answerRefusal(
  request: Request,
  services: VisitorServices,
  js: boolean,
  back: string,
  { message, status, retryAfter }: Refusal,
) {
  if (js)
    return Response.json({ ok: false, message }, { status, headers: retryAfter ? { 'Retry-After': retryAfter } : {} });
  return redirect(back, { headers: { 'Set-Cookie': await setFlash(request, services, { kind: 'error', message }) } });
}

/** The page the visitor was on, from the Referer, when it is one of this site's (before the form is read). */
function refererPath(request: Request): string {
  const referer = request.headers.get('Referer');
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    return url.host === new URL(request.url).host ? safeRedirect(`${url.pathname}${url.search}`) : '/';
  } catch {
    return '/';
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The guard's refusals answered in the page's own terms (this form is on every page, often without JS), except a
  // cross-site request's. Its own bucket, more generous than public forms: many visitors may share one address (a
  // school, an office). No honeypot: the banner has none.
  const form = await guardPost(request, context, {
    audience: 'public',
    rate: { bucket: 'cookies', perMinute: 60 },
    honeypot: false,
    refuse: (refusal, posted) => {
      if (refusal.reason === 'origin' || refusal.reason === 'unreadable') return null;
      // A form that could not be read (or says nothing of it): the Accept header and the Referer say where the visitor
      // was.
      const js = posted ? posted.get('js') === '1' : (request.headers.get('Accept') ?? '').includes('application/json');
      const back = posted?.get('redirectTo') ? safeRedirect(posted.get('redirectTo')) : refererPath(request);
      return answerRefusal(request, context.services, js, back, refusal);
    },
  });
  const js = form.get('js') === '1';
  const back = safeRedirect(form.get('redirectTo'));
  const parsed = consentForm.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return answerRefusal(request, context.services, js, back, {
      message: CONSENT_INVALID,
      status: 400,
      reason: 'unreadable',
    });
  const { intent, js: _js, redirectTo: _redirectTo, ...choices } = parsed.data;
  const consent = consentFor(intent, choices, new Date());
  // With JavaScript, local storage keeps the choice: no cookie is made for it, so the visitor's pages stay the shared,
  // cached ones; a visitor who already has a `__session` keeps it there too. Without JavaScript, the cookie holds it.
  if (js && !hasSessionCookie(request)) return Response.json({ ok: true, consent });
  const headers = new Headers({ 'Set-Cookie': await consentCookieHeader(request, context.services, consent) });
  if (js) return Response.json({ ok: true, consent }, { headers });
  headers.append('Set-Cookie', await setFlash(request, context.services, { kind: 'success', message: SAVED[intent] }));
  return redirect(back, { headers });
}
