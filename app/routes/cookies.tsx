// POST /cookies: the cookie banner's and preferences dialog's choices (SPEC §2, §4). Without JavaScript the form
// posts here and comes back to the page; with JavaScript the same form is posted by fetch (`js=1`) and gets JSON.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { consentCookieHeader } from '~/.server/consent';
import { setFlash } from '~/.server/flash';
import {
  type AppContext,
  CSRF_REFUSED,
  checkOrigin,
  rateLimited,
  readFormData,
  TOO_MANY_REQUESTS,
  verifyCsrf,
} from '~/.server/security';
import { safeRedirect } from '~/.server/session';
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
async function refuse(
  js: boolean,
  back: string,
  message: string,
  status: number,
  headers: Record<string, string> = {},
) {
  if (js) return Response.json({ ok: false, message }, { status, headers });
  return redirect(back, { headers: { 'Set-Cookie': await setFlash({ kind: 'error', message }) } });
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
  // The checks of protectForm, answered in the page's own terms (this form is on every page, often without JS): the
  // origin and the rate limit before the body is read. Its own bucket, more generous than public forms: many visitors
  // may share one address (a school, an office).
  checkOrigin(request);
  const limited = await rateLimited(context as AppContext, 'cookies', 60);
  if (limited) {
    const js = (request.headers.get('Accept') ?? '').includes('application/json');
    return refuse(js, refererPath(request), TOO_MANY_REQUESTS, 429, { 'Retry-After': limited.retryAfter });
  }
  const form = await readFormData(request);
  const js = form.get('js') === '1';
  const back = safeRedirect(form.get('redirectTo'));
  try {
    await verifyCsrf(form, request);
  } catch {
    return refuse(js, back, CSRF_REFUSED, 403);
  }
  const parsed = consentForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refuse(js, back, CONSENT_INVALID, 400);
  const { intent, js: _js, redirectTo: _redirectTo, ...choices } = parsed.data;
  const consent = consentFor(intent, choices, new Date());
  const headers = new Headers({ 'Set-Cookie': await consentCookieHeader(consent) });
  if (js) return Response.json({ ok: true, consent }, { headers });
  headers.append('Set-Cookie', await setFlash({ kind: 'success', message: SAVED[intent] }));
  return redirect(back, { headers });
}
