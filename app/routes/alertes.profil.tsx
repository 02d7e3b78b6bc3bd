// POST /alertes/profil: a signed-in account ends one alert of its own address from its profile (issue 22).
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { unsubscribeFromProfile } from '~/.server/alerts/profile';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { requireUser } from '~/.server/platform/session';

export async function loader() {
  return redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context.services);
  const form = await guardPost(request, context, { audience: 'signed-in', back: '/organizer/profile' });
  const done = await unsubscribeFromProfile(context.services, user, String(form.get('alerte') ?? ''));
  const flash = done
    ? { kind: 'success' as const, message: 'Alerte supprimée\u00a0: vous ne la recevrez plus.' }
    : { kind: 'error' as const, message: 'Cette alerte n’existe plus.' };
  return redirect('/organizer/profile', {
    headers: { 'Set-Cookie': await setFlash(request, context.services, flash) },
  });
}
