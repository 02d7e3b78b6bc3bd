// POST /cookies: the cookie banner's and preferences dialog's choices (SPEC §2, §4). Without JavaScript the form
// posts here and comes back to the page; with JavaScript the same form is posted by fetch (`js=1`) and gets JSON.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { consentCookieHeader } from '~/.server/consent';
import { setFlash } from '~/.server/flash';
import { type AppContext, protectForm } from '~/.server/security';
import { safeRedirect } from '~/.server/session';
import { CONSENT_INTENTS, CONSENT_INVALID, consentFor } from '~/domain/consent';

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
  'accept-all': 'Tous les cookies sont acceptés. Vous pouvez changer d’avis avec le bouton « Cookies ».',
  'necessary-only': 'Seuls les cookies nécessaires sont utilisés.',
  save: 'Vos préférences de cookies sont enregistrées.',
  reset: 'Vos choix de cookies sont effacés.',
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await protectForm(request, context as AppContext, { bucket: 'cookies', honeypot: false });
  const parsed = consentForm.safeParse(Object.fromEntries(form));
  const back = safeRedirect(form.get('redirectTo'));
  if (!parsed.success) {
    if (form.get('js') === '1') return Response.json({ ok: false, message: CONSENT_INVALID }, { status: 400 });
    return redirect(back, { headers: { 'Set-Cookie': await setFlash({ kind: 'error', message: CONSENT_INVALID }) } });
  }
  const { intent, js, redirectTo: _, ...choices } = parsed.data;
  const consent = consentFor(intent, choices, new Date());
  const headers = new Headers({ 'Set-Cookie': await consentCookieHeader(consent) });
  if (js === '1') return Response.json({ ok: true, consent }, { headers });
  headers.append('Set-Cookie', await setFlash({ kind: 'success', message: SAVED[intent] }));
  return redirect(back, { headers });
}
