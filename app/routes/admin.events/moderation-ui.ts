// What the moderation screen and its decision panel share: the tabs, the status names, the list's query string.

import type { AgendaEvent, EventStatus } from '~/domain/event';
import { awaitsModeration } from '~/domain/event-lifecycle';
import { type ModerationDecision, STARTS_SOON_HOURS } from '~/domain/moderation';
import { quoted } from '~/domain/quoted';

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

/** The flash after a decision: `title` is what it was about, `told` whether the organizer got a mail. */
export const ACTION_DONE: Record<ModerationDecision, (title: string, revision: boolean, told: boolean) => string> = {
  approve: (t, revision, told) =>
    `${revision ? `La modification de ${quoted(t)} est publiée.` : `${quoted(t)} est publié.`}${told ? ' L’organisateur en est informé par email.' : ''}`,
  reject: (t, revision, told) =>
    `${revision ? `La modification de ${quoted(t)} est refusée\u00a0: la version publiée reste en ligne.` : `${quoted(t)} est refusé.`}${told ? ' L’organisateur a reçu le motif par email.' : ''}`,
  feature: (t) => `${quoted(t)} est mis en avant.`,
  unfeature: (t) => `${quoted(t)} n’est plus mis en avant.`,
  unpublish: (t) => `${quoted(t)} est dépublié et revient en attente de modération.`,
  cancel: (t) => `${quoted(t)} est annulé\u00a0: il reste visible avec la mention «\u00a0Annulé\u00a0».`,
  delete: (t) => `${quoted(t)} est supprimé.`,
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

/**
 * The line above the list: how many, and in the queue its order as it is (decision 162, issue 70): what starts within
 * STARTS_SOON_HOURS first, the soonest first, then the oldest submission first, across the pages (the stores' query).
 */
export function listCount(total: number, tab: EventStatus | 'all'): string {
  if (total === 0) return 'Aucun événement ici.';
  const count = `${total} événement${total > 1 ? 's' : ''}`;
  if (tab !== 'pending') return count;
  return `${count}\u00a0: ceux qui commencent dans les ${STARTS_SOON_HOURS}\u00a0h d’abord, puis le plus ancien en premier`;
}
