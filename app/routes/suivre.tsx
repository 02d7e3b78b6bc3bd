// POST /suivre: « Suivre » an organizer or a venue, or stop (issue 74, decision 173), from its page. An account only:
// without one, the page says so and links to sign in. A plain form (works without JavaScript): back to the page with
// its message. The weekly mail, when chosen, is an alert of the account's verified address (the alerts' digest).
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { alertDeps } from '~/.server/alerts/alerts';
import { FOLLOW_UNKNOWN, followPlace } from '~/.server/favourites/follows';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { requireUser, safeRedirect } from '~/.server/platform/session';
import { isFollowKind, isFollowSlug } from '~/domain/follows';

export async function loader() {
  return redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const user = await requireUser(request, services);
  const form = await guardPost(request, context, {
    audience: 'signed-in',
    rate: { bucket: 'suivre', perMinute: 30 },
    back: '/favoris',
  });
  const back = safeRedirect(form.get('redirectTo'), '/favoris');
  const kind = form.get('kind');
  const slug = form.get('slug');
  const intent = form.get('intent');
  const outcome =
    isFollowKind(kind) && isFollowSlug(slug) && (intent === 'follow' || intent === 'unfollow')
      ? await followPlace(alertDeps(services), user, { intent, kind, slug, mail: form.get('mail') === '1' }, new Date())
      : { ok: false, message: FOLLOW_UNKNOWN };
  const cookie = await setFlash(request, services, {
    kind: outcome.ok ? 'success' : 'error',
    message: outcome.message,
  });
  return redirect(back, { headers: { 'Set-Cookie': cookie } });
}
