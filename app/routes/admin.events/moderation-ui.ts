// What the moderation screen and its decision panel share: the tabs, the status names, the list's query string.

import type { AgendaEvent, EventStatus } from '~/domain/event';
import { awaitsModeration } from '~/domain/event-lifecycle';
import type { ModerationDecision } from '~/domain/moderation';

/** The tabs; « En attente » is the queue: pending events and published ones with a pending revision. */
export const STATUS_TABS: { value: EventStatus | 'all'; label: string }[] = [
  { value: 'pending', label: 'En attente' },
  { value: 'approved', label: 'Publiés' },
  { value: 'rejected', label: 'Refusés' },
  { value: 'cancelled', label: 'Annulés' },
  { value: 'withdrawn', label: 'Retirés' },
  { value: 'all', label: 'Tous' },
];

export const STATUS_LABELS: Record<EventStatus, string> = {
  pending: 'En attente',
  approved: 'Publié',
  rejected: 'Refusé',
  cancelled: 'Annulé',
  withdrawn: 'Retiré par l’organisateur',
};

export const ACTION_DONE: Record<ModerationDecision, (title: string, revision: boolean) => string> = {
  approve: (t, revision) =>
    revision
      ? `La modification de « ${t} » est publiée. L’organisateur en est informé par email.`
      : `« ${t} » est publié. L’organisateur en est informé par email.`,
  reject: (t, revision) =>
    revision
      ? `La modification de « ${t} » est refusée : la version publiée reste en ligne. L’organisateur a reçu le motif par email.`
      : `« ${t} » est refusé. L’organisateur a reçu le motif par email.`,
  feature: (t) => `« ${t} » est mis en avant.`,
  unfeature: (t) => `« ${t} » n’est plus mis en avant.`,
  unpublish: (t) => `« ${t} » est dépublié et revient en attente de modération.`,
  cancel: (t) => `« ${t} » est annulé : il reste visible avec la mention « Annulé ».`,
  delete: (t) => `« ${t} » est supprimé.`,
};

/** Whether the list of this tab shows the event (the queue: what awaits moderation). */
export function inTab(tab: EventStatus | 'all', event: Pick<AgendaEvent, 'status' | 'revision'>): boolean {
  return tab === 'all' || (tab === 'pending' ? awaitsModeration(event) : event.status === tab);
}

export function listParams(
  query: { status: string; q: string; page: number; after?: string | null; before?: string | null },
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams();
  params.set('status', query.status);
  if (query.q) params.set('q', query.q);
  // A page after the first is named by a cursor of its neighbour (ports/paging.ts); its number is only shown.
  if (query.page > 1) params.set('page', String(query.page));
  if (query.after) params.set('after', query.after);
  else if (query.before) params.set('before', query.before);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params.toString();
}
