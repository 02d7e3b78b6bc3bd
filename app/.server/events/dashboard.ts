// The organizer's dashboard (docs/specification.md §2): their events by state, what each may do, and cancelling or restoring one.

import type { AgendaEvent } from '~/domain/event';
import { toEventCard } from '~/domain/event-card';
import { actorsFor, allowedActions, findTransition, workingView } from '~/domain/event-lifecycle';
import type { LiveHub } from '../moderation/live';
import type { Flash } from '../platform/flash';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import { managedDates } from './cancel-date';
import { todayToSay } from './day-status';
import { cancelEvent, undoCancelEvent } from './submissions';
import { asWholeSeries } from './whole-series';

/**
 * The events this account manages: its own, and those « au nom de » its organizations (decision 167), each once,
 * latest start first.
 */
export async function managedEvents(
  { store }: { store: Pick<Store, 'events' | 'organizerMembers'> },
  user: UserProfile,
) {
  const [own, organizations] = await Promise.all([
    store.events.listByOwner(user.uid),
    store.organizerMembers.listEvents(user.organizerIds ?? []),
  ]);
  const seen = new Set(own.map((e) => e.id));
  return [...own, ...organizations.filter((e) => !seen.has(e.id))].sort(
    (a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt) || (a.id < b.id ? -1 : 1),
  );
}

/**
 * The organizer's events in the groups of the dashboard: pending, published (with a pending revision, shown as they
 * last wrote it), refused (with why), cancelled, withdrawn, past; what each may do, from the lifecycle table; and the
 * event whose cancellation is being confirmed (`?annuler=`).
 */
export async function organizerDashboard(
  { store }: { store: Store },
  user: UserProfile,
  confirmId: string | null,
  openDates: string | null = null,
  at: Date = new Date(),
) {
  const events = await managedEvents({ store }, user);
  const now = at.getTime();
  // The dates of a coming series, to cancel (or restore) one by one (decision 068).
  const dates = new Map(
    await Promise.all(
      events
        .filter((e) => Date.parse(e.endsAt) >= now && (e.status === 'approved' || e.status === 'pending'))
        .map(async (e) => [e.id, await managedDates({ store }, e)] as const),
    ),
  );
  const item = (e: AgendaEvent) => {
    const allowed = allowedActions(actorsFor(user, e), e);
    const cancel = findTransition(actorsFor(user, e), e, 'cancel');
    return {
      // A series as the public list says it, counting its dates to come that take place.
      ...toEventCard(asWholeSeries(workingView(e), dates.get(e.id)?.filter((d) => !d.cancelled).length)),
      rejectionReason: e.rejectionReason,
      pendingRevision: e.revision !== null,
      // A refused event was never public and will not be: « Annuler l’événement » under it (a refused duplicate) said
      // there was something to cancel (issue 70). It stays in « Refusés », to edit and submit again.
      canCancel: allowed.includes('cancel') && e.status !== 'rejected',
      canUndo: allowed.includes('undoCancel'),
      /** An admin cancelled it: only an admin restores it (decision 059). */
      cancelledByAdmin: e.status === 'cancelled' && e.cancelledByAdmin === true,
      /** A trusted owner's edits of it wait for moderation until an admin approves it again (decision 059). */
      heldForModeration: user.trusted === true && e.refusedByAdmin === true,
      /** What cancelling does: public with a badge, or withdrawn (never published). */
      cancelsTo: cancel?.to === 'withdrawn' ? ('withdrawn' as const) : ('cancelled' as const),
      dates: dates.get(e.id) ?? [],
      /** Its dates shown open: the series whose date was just cancelled or restored. */
      datesOpen: e.id === openDates,
    };
  };
  const upcoming = events.filter((e) => Date.parse(e.endsAt) >= now).reverse();
  const confirming = events.find((e) => e.id === confirmId);
  return {
    user: {
      displayName: user.displayName,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      supported: user.supported,
      /** A member of at least one organization: the dashboard links to its members. */
      inOrganization: (user.organizerIds?.length ?? 0) > 0,
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
    /** « Ça a lieu ? » today, at the top: one tap from the phone (issue 51). */
    today: todayToSay(events, user, at),
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

/**
 * Cancels (once confirmed) or restores one of the organizer's events; the message to show, with « Rétablir » after a
 * cancellation. Null for an unknown intent.
 */
export async function cancelOrRestore(
  services: { store: Store; live: Pick<LiveHub, 'poke'> },
  user: UserProfile,
  { intent, eventId, path }: { intent: 'cancel' | 'undo'; eventId: string; path: string },
): Promise<Flash> {
  let flash: Flash;
  try {
    if (intent === 'cancel') {
      const { after } = await cancelEvent(services, user, eventId);
      const event = after as AgendaEvent;
      flash = {
        kind: 'info',
        message: CANCELLED[event.status === 'withdrawn' ? 'withdrawn' : 'cancelled'](workingView(event).title),
        action: { label: 'Rétablir', path, intent: 'undo', eventId: event.id },
      };
    } else {
      const { after } = await undoCancelEvent(services, user, eventId);
      const event = after as AgendaEvent;
      flash = {
        kind: 'success',
        message: (RESTORED[event.status] ?? ((t) => `« ${t} » est rétabli.`))(workingView(event).title),
      };
    }
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    return { kind: 'error', message: error.message };
  }
  services.live.poke();
  return flash;
}
