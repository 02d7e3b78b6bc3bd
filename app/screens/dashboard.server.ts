import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { setFlash } from '~/.server/flash';
import { getLiveHub } from '~/.server/live';
import { readCheckedForm } from '~/.server/security';
import { requireUser } from '~/.server/session';
import { getStore } from '~/.server/store';
import { cancelEvent } from '~/.server/submissions';
import { toEventCard } from '~/domain/event-card';

/** The organizer's events in the groups of the dashboard: pending, published, refused (with why), cancelled, past. */
export async function dashboardLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const events = await getStore().events.listByOwner(user.uid);
  const now = Date.now();
  const item = (e: (typeof events)[number]) => ({ ...toEventCard(e), rejectionReason: e.rejectionReason });
  const upcoming = events.filter((e) => Date.parse(e.endsAt) >= now).reverse();
  return {
    user: {
      displayName: user.displayName,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      supported: user.supported,
    },
    groups: {
      pending: upcoming.filter((e) => e.status === 'pending').map(item),
      approved: upcoming.filter((e) => e.status === 'approved').map(item),
      rejected: upcoming.filter((e) => e.status === 'rejected').map(item),
      cancelled: upcoming.filter((e) => e.status === 'cancelled').map(item),
      past: events.filter((e) => Date.parse(e.endsAt) < now).map(item),
    },
  };
}

export async function dashboardAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readCheckedForm(request);
  if (formData.get('intent') === 'cancel') {
    const event = await cancelEvent({ store: getStore() }, user, String(formData.get('eventId') ?? ''));
    getLiveHub().poke();
    const flash = await setFlash({
      kind: 'info',
      message: `« ${event.title} » est annulé. Il reste visible avec la mention « Annulé ».`,
    });
    return redirect(new URL(request.url).pathname, { headers: { 'Set-Cookie': flash } });
  }
  return redirect(new URL(request.url).pathname);
}
