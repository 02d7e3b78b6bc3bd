import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { checkOrigin, verifyCsrf } from '~/.server/security';
import { destroyUserSession } from '~/.server/session';

// Logout is POST only (SPEC §2 menu 'Déconnexion'); a GET just goes home.
export async function loader() {
  return redirect('/');
}

export async function action({ request }: ActionFunctionArgs) {
  checkOrigin(request);
  await verifyCsrf(await request.formData(), request);
  return redirect('/', { headers: { 'Set-Cookie': await destroyUserSession(request) } });
}
