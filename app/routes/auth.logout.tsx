import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { audit, auditFromRequest } from '~/.server/platform/audit';
import { guardPost } from '~/.server/platform/guard';
import { destroyUserSession, getCurrentUser } from '~/.server/platform/session';

// Logout is POST only (docs/specification.md §2 menu 'Déconnexion'); a GET just goes home.
export async function loader() {
  return redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  // A stale page's form (its session replaced since, in another tab): home, with the message.
  await guardPost(request, context, { audience: 'signed-in', back: '/' });
  const user = await getCurrentUser(request, context.services);
  if (user) audit('logout', { ...auditFromRequest(request), uid: user.uid });
  return redirect('/', { headers: { 'Set-Cookie': await destroyUserSession(request, context.services) } });
}
