// What a submission or an edit does, in the organizer's words: the lifecycle table (event-lifecycle.ts, decision 029)
// told once, for the form's note and for « Comment ça marche » (app/routes/how-it-works.tsx), so both say the same.
import type { EventStatus } from './event';

/** How long a moderator usually takes (the form, the confirmation page and « Comment ça marche » say it so). */
export const REVIEW_DELAY = 'en général sous 24 heures en semaine (48 heures le week-end et les jours fériés)';

export const NEW_EVENT_NOTE = `Votre événement sera publié après une relecture par notre équipe, ${REVIEW_DELAY}.`;

export const ADMIN_EDIT_NOTE =
  'Vous modifiez cet événement en tant qu’admin : vos changements s’appliquent tout de suite, sans autre relecture, et sont notés au journal de modération.';

/** One situation of an edit: the event's status (and whether changes already wait), and what the edit does. */
export interface EditCase {
  /** How « Comment ça marche » names the situation. */
  situation: string;
  /** What happens, as the edit page says it. */
  note: string;
}

export const EDIT_STORY = {
  published: {
    situation: 'Un événement publié',
    note: 'Cet événement est publié\u00a0: vos changements seront relus par notre équipe avant de remplacer la version publiée, qui reste visible d’ici là. S’ils sont refusés, la version publiée reste en ligne et nous vous disons pourquoi.',
  },
  publishedWithRevision: {
    situation: 'Un événement publié dont des changements attendent déjà la relecture',
    note: 'Vous modifiez vos changements en attente de modération. Le public voit toujours la version publiée, jusqu’à ce que notre équipe relise la nouvelle.',
  },
  cancelled: {
    situation: 'Un événement publié puis annoncé comme annulé',
    note: 'Cet événement est annoncé comme annulé\u00a0: vos changements seront relus par notre équipe avant de remplacer la version visible, qui reste affichée d’ici là.',
  },
  pending: {
    situation: 'Un événement en attente de modération',
    note: 'Cet événement attend sa relecture\u00a0: vos changements la remplacent, et c’est la nouvelle version que notre équipe relira.',
  },
  rejected: {
    situation: 'Un événement refusé',
    note: 'Cet événement a été refusé\u00a0: après modification, il repassera en modération.',
  },
  withdrawn: {
    situation: 'Un événement retiré',
    note: 'Cet événement est retiré\u00a0: vos changements sont enregistrés, mais il ne sera ni relu ni publié tant que vous ne l’aurez pas rétabli depuis votre tableau de bord.',
  },
} as const satisfies Record<string, EditCase>;

/** What an edit of an event in this status does (the lifecycle's `edit` row for the owner). */
export function editNote(status: EventStatus | null, pendingRevision: boolean): string {
  switch (status) {
    case 'approved':
      return pendingRevision ? EDIT_STORY.publishedWithRevision.note : EDIT_STORY.published.note;
    case 'cancelled':
      return pendingRevision ? EDIT_STORY.publishedWithRevision.note : EDIT_STORY.cancelled.note;
    case 'pending':
      return EDIT_STORY.pending.note;
    case 'rejected':
      return EDIT_STORY.rejected.note;
    case 'withdrawn':
      return EDIT_STORY.withdrawn.note;
    default:
      return NEW_EVENT_NOTE;
  }
}
