// What a submission or an edit does, in the organizer's words: the lifecycle table (event-lifecycle.ts, decision 029)
// told once, for the form's note and for « Comment ça marche » (app/routes/how-it-works.tsx), so both say the same.
import type { EventStatus } from './event';

/** How long a moderator usually takes (the form, the confirmation page and « Comment ça marche » say it so). */
export const REVIEW_DELAY = 'en général sous 24 heures en semaine (48 heures le week-end et les jours fériés)';

/** Hours before its start under which a pending event may be read only once it has begun (REVIEW_DELAY's longest). */
export const REVIEW_HOURS = 48;

/**
 * What the confirmation adds for an event that waits for its reading and begins within REVIEW_HOURS (an outside
 * tester submitted one for the same evening and was told nothing): null otherwise.
 */
export function reviewMayComeLate(
  e: { status: EventStatus; startsAt: string; endsAt: string },
  now: Date,
): string | null {
  const start = Date.parse(e.startsAt) - now.getTime();
  if (e.status !== 'pending' || Date.parse(e.endsAt) <= now.getTime() || start >= REVIEW_HOURS * 3_600_000) return null;
  return start <= 0
    ? 'Il a déjà commencé\u00a0: il ne paraîtra qu’une fois relu.'
    : `Il commence dans moins de ${REVIEW_HOURS}\u00a0heures\u00a0: la relecture pourrait venir après son début.`;
}

export const NEW_EVENT_NOTE = `Votre événement sera publié après une relecture par notre équipe, ${REVIEW_DELAY}.`;

export const ADMIN_EDIT_NOTE =
  'Vous modifiez cet événement en tant qu’admin\u00a0: vos changements s’appliquent tout de suite, sans autre relecture, et sont notés au journal de modération.';

/** One situation of an edit: how « Comment ça marche » names it, how the edit page opens, and what the edit does. */
export interface EditCase {
  situation: string;
  lead: string;
  effect: string;
}

const SEEN_UNTIL_REVIEWED =
  'le public voit toujours la version publiée, jusqu’à ce que notre équipe relise la nouvelle';

export const EDIT_STORY = {
  published: {
    situation: 'Un événement publié',
    lead: 'Cet événement est publié',
    effect:
      'vos changements seront relus par notre équipe avant de remplacer la version publiée, qui reste visible d’ici là. S’ils sont refusés, la version publiée reste en ligne et nous vous disons pourquoi.',
  },
  publishedWithRevision: {
    situation: 'Un événement publié dont des changements attendent déjà la relecture',
    lead: 'Vous modifiez vos changements en attente de modération',
    effect: `${SEEN_UNTIL_REVIEWED}.`,
  },
  cancelled: {
    situation: 'Un événement publié puis annoncé comme annulé',
    lead: 'Cet événement est annoncé comme annulé',
    effect:
      'vos changements seront relus par notre équipe avant de remplacer la version visible, qui reste affichée d’ici là.',
  },
  pending: {
    situation: 'Un événement en attente de modération',
    lead: 'Cet événement attend sa relecture',
    effect: 'vos changements remplacent la version envoyée, et c’est la nouvelle que notre équipe relira.',
  },
  rejected: {
    situation: 'Un événement refusé',
    lead: 'Cet événement a été refusé',
    effect: 'après modification, il repassera en modération.',
  },
  withdrawn: {
    situation: 'Un événement retiré',
    lead: 'Cet événement est retiré',
    effect:
      'vos changements sont enregistrés, mais il ne sera ni relu ni publié tant que vous ne l’aurez pas rétabli depuis votre tableau de bord.',
  },
} as const satisfies Record<string, EditCase>;

/** The sentence the edit page shows for a case. */
export const editSentence = (c: EditCase) => `${c.lead}\u00a0: ${c.effect}`;

/** What an edit of an event in this status does (the lifecycle's `edit` row for the owner). */
export function editNote(status: EventStatus | null, pendingRevision: boolean): string {
  switch (status) {
    case 'approved':
    case 'cancelled':
      if (pendingRevision) return editSentence(EDIT_STORY.publishedWithRevision);
      return editSentence(status === 'approved' ? EDIT_STORY.published : EDIT_STORY.cancelled);
    case 'pending':
    case 'rejected':
    case 'withdrawn':
      return editSentence(EDIT_STORY[status]);
    default:
      return NEW_EVENT_NOTE;
  }
}
