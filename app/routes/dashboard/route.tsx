// The organizer's dashboard, also at /organizer/dashboard (same screen in docs/specification.md §2, app/routes.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { cancelOrRestore, organizerDashboard } from '~/.server/events/dashboard';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { requireUser } from '~/.server/platform/session';
import { pageMeta } from '~/domain/meta';
import { DashboardScreen } from './DashboardScreen';

/** The parameter of the confirmation step of « Annuler l’événement » (the page without JavaScript). */
const CONFIRM_CANCEL_PARAM = 'annuler';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.services);
  const params = new URL(request.url).searchParams;
  return organizerDashboard(context.services, user, params.get(CONFIRM_CANCEL_PARAM), params.get('dates'));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context.services);
  const form = await guardPost(request, context, { audience: 'signed-in' });
  const path = new URL(request.url).pathname;
  const intent = form.get('intent');
  const eventId = String(form.get('eventId') ?? '');
  if (intent !== 'cancel' && intent !== 'undo') return redirect(path);
  // A destructive action is confirmed first: a request without the confirmation gets the confirmation step.
  if (intent === 'cancel' && form.get('confirm') !== 'oui') {
    return redirect(`${path}?${CONFIRM_CANCEL_PARAM}=${encodeURIComponent(eventId)}`);
  }
  const flash = await cancelOrRestore(context.services, user, { intent, eventId, path });
  return redirect(path, { headers: { 'Set-Cookie': await setFlash(request, context.services, flash) } });
}

export default DashboardScreen;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Tableau de bord', description: 'Vos événements sur Agenda romand.', path: '/dashboard', matches });
