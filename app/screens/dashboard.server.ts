import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { AdminError } from '~/.server/admin/guard';
import { type Flash, setFlash } from '~/.server/flash';
import { getLiveHub } from '~/.server/live';
import { readCheckedForm } from '~/.server/security';
import { requireUser } from '~/.server/session';
import { getStore } from '~/.server/store';
import { cancelEvent, undoCancelEvent } from '~/.server/submissions';
import type { AgendaEvent } from '~/domain/event';
import { toEventCard } from '~/domain/event-card';
import { actorsFor, allowedActions, findTransition, workingView } from '~/domain/event-lifecycle';

/** The parameter of the confirmation step of « Annuler l’événement » (the page without JavaScript). */
export const CONFIRM_CANCEL_PARAM = 'annuler';

/**
 * The organizer's events in the groups of the dashboard: pending, published (with a pending revision, shown as they
 * last wrote it), refused (with why), cancelled, withdrawn, past; what each may do, from the lifecycle table; and the
 * event whose cancellation is being confirmed (`?annuler=`).
 */
export async function dashboardLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const events = await getStore().events.listByOwner(user.uid);
  const now = Date.now();
  const item = (e: AgendaEvent) => {
    const allowed = allowedActions(actorsFor(user, e), e);
    const cancel = findTransition(actorsFor(user, e), e, 'cancel');
    return {
      ...toEventCard(workingView(e)),
      rejectionReason: e.rejectionReason,
      pendingRevision: e.revision !== null,
      canCancel: allowed.includes('cancel'),
      canUndo: allowed.includes('undoCancel'),
      /** What cancelling does: public with a badge, or withdrawn (never published). */
      cancelsTo: cancel?.to === 'withdrawn' ? ('withdrawn' as const) : ('cancelled' as const),
    };
  };
  const upcoming = events.filter((e) => Date.parse(e.endsAt) >= now).reverse();
  const confirmId = new URL(request.url).searchParams.get(CONFIRM_CANCEL_PARAM);
  const confirming = events.find((e) => e.id === confirmId);
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
      withdrawn: upcoming.filter((e) => e.status === 'withdrawn').map(item),
      past: events.filter((e) => Date.parse(e.endsAt) < now).map(item),
    },
    confirmCancel: confirming && item(confirming).canCancel ? item(confirming) : null,
  };
}

const CANCELLED: Record<'cancelled' | 'withdrawn', (title: string) => string> = {
  cancelled: (t) => `« ${t} » est annulé : il reste visible avec la mention « Annulé ».`,
  withdrawn: (t) => `« ${t} » est retiré : il n’a pas été publié et ne le sera pas.`,
};

const RESTORED: Partial<Record<AgendaEvent['status'], (title: string) => string>> = {
  approved: (t) => `« ${t} » est rétabli : il est de nouveau publié, sans la mention « Annulé ».`,
  pending: (t) => `« ${t} » est rétabli : il revient en attente de modération.`,
  rejected: (t) => `« ${t} » est rétabli, toujours refusé : modifiez-le pour le soumettre à nouveau.`,
};

export async function dashboardAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readCheckedForm(request);
  const path = new URL(request.url).pathname;
  const intent = formData.get('intent');
  const eventId = String(formData.get('eventId') ?? '');
  const deps = { store: getStore() };
  let flash: Flash | null = null;
  try {
    if (intent === 'cancel') {
      // A destructive action is confirmed first: a request without the confirmation gets the confirmation step.
      if (formData.get('confirm') !== 'oui') {
        return redirect(`${path}?${CONFIRM_CANCEL_PARAM}=${encodeURIComponent(eventId)}`);
      }
      const { after } = await cancelEvent(deps, user, eventId);
      const event = after as AgendaEvent;
      flash = {
        kind: 'info',
        message: CANCELLED[event.status === 'withdrawn' ? 'withdrawn' : 'cancelled'](workingView(event).title),
        action: { label: 'Rétablir', path, intent: 'undo', eventId: event.id },
      };
    } else if (intent === 'undo') {
      const { after } = await undoCancelEvent(deps, user, eventId);
      const event = after as AgendaEvent;
      flash = {
        kind: 'success',
        message: (RESTORED[event.status] ?? ((t) => `« ${t} » est rétabli.`))(workingView(event).title),
      };
    }
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    flash = { kind: 'error', message: error.message };
  }
  if (flash && flash.kind !== 'error') getLiveHub().poke();
  return redirect(path, flash ? { headers: { 'Set-Cookie': await setFlash(flash) } } : undefined);
}
