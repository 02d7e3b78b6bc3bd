// POST /favoris/garder: the heart of a card or an event page (issue 74, decision 170). Without JavaScript the form
// posts here and comes back to the page with a message; with JavaScript the same form is posted by fetch (`js=1`) and
// gets JSON. An account keeps it in the store; a visitor without one in the `favoris` cookie, once functional cookies
// are accepted (the session's choice, or with JavaScript the one the browser keeps, `functional=1`). The public pages
// carry no state of it: the same for everyone, they stay cached. GET: the keys an account keeps, for the page's script.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { accountFavouriteKeys, keepFavourite } from '~/.server/favourites/favourites';
import { readConsent } from '~/.server/platform/consent';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { getCurrentUser, safeRedirect } from '~/.server/platform/session';
import { FAVOURITE_INVALID, FAVOURITES_COOKIE, favouritesSetCookie } from '~/domain/favourites';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request, context.services);
  const keys = user ? await accountFavouriteKeys(context.services.store, user.uid) : null;
  // A visitor's answer is everyone's (`null`); an account's is private by the cache's rule (it has `__session`).
  return Response.json({ keys });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await guardPost(request, context, {
    audience: 'public',
    rate: { bucket: 'favoris', perMinute: 60 },
    honeypot: false,
    refuse: (refusal, posted) => {
      if (refusal.reason === 'origin' || refusal.reason === 'unreadable' || !posted) return null;
      return answer(request, context, posted, { ok: false, kept: false, message: refusal.message });
    },
  });
  const intent = form.get('intent');
  if (intent !== 'keep' && intent !== 'drop')
    return answer(request, context, form, { ok: false, kept: false, message: FAVOURITE_INVALID });
  const user = await getCurrentUser(request, services);
  const js = form.get('js') === '1';
  const functional =
    (js && form.get('functional') === '1') || Boolean((await readConsent(request, services))?.preferences.functional);
  // With JavaScript, the browser says its own list (`browser`): behind Firebase Hosting, which forwards no cookie but
  // `__session`, the request's `favoris` would be missing and the list answered would forget the others.
  const browser =
    js && form.has('browser') ? `${FAVOURITES_COOKIE}=${String(form.get('browser')).slice(0, 4096)}` : null;
  const outcome = await keepFavourite(
    services,
    user,
    { intent, key: String(form.get('key') ?? ''), cookie: browser ?? request.headers.get('Cookie'), functional },
    new Date(),
  );
  return answer(request, context, form, outcome);
}

async function answer(
  request: Request,
  { services }: ActionFunctionArgs['context'],
  form: FormData,
  outcome: Awaited<ReturnType<typeof keepFavourite>>,
) {
  const headers = new Headers();
  if (outcome.browserKeys)
    headers.append('Set-Cookie', favouritesSetCookie(outcome.browserKeys, services.config.SECURE_COOKIES));
  const { browserKeys: _keys, ...body } = outcome;
  if (form.get('js') === '1') return Response.json(body, { status: outcome.ok ? 200 : 400, headers });
  headers.append(
    'Set-Cookie',
    await setFlash(request, services, { kind: outcome.ok ? 'success' : 'error', message: outcome.message }),
  );
  return redirect(safeRedirect(form.get('redirectTo')), { headers });
}
