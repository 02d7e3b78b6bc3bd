// Common reasons for refusing an event (issue 19): the moderator picks one and completes or edits it. docs/specification.md
// names none; these follow the house rules of « Comment ça marche ».
export const REJECTION_REASONS = [
  {
    id: 'incomplet',
    label: 'Informations incomplètes',
    text: 'Il manque des informations pour que le public puisse venir\u00a0: précisez la date, l’heure et l’adresse exactes.',
  },
  {
    id: 'hors-region',
    label: 'Hors de Suisse romande',
    text: 'L’événement n’a pas lieu en Suisse romande\u00a0: l’agenda ne publie que les événements des cantons romands.',
  },
  {
    id: 'publicite',
    label: 'Publicité, pas un événement',
    text: 'Il s’agit d’une offre commerciale permanente et non d’un événement daté ouvert au public.',
  },
  {
    id: 'doublon',
    label: 'Doublon',
    text: 'Cet événement est déjà publié sur l’agenda\u00a0: modifiez la fiche existante plutôt que d’en créer une nouvelle.',
  },
  {
    id: 'image',
    label: 'Image inadaptée',
    text: 'L’image ne convient pas (droits, contenu ou lisibilité)\u00a0: remplacez-la ou retirez-la, puis renvoyez l’événement.',
  },
  {
    id: 'texte',
    label: 'Description à revoir',
    text: 'La description doit présenter l’événement en français, sans texte en majuscules ni liste de mots-clés.',
  },
] as const;

export type RejectionReasonId = (typeof REJECTION_REASONS)[number]['id'];

/** The longest reason sent to an organizer: the server's rule (validateRejectionReason) and the field's maxLength. */
export const REJECTION_REASON_MAX = 1000;

/**
 * The reason sent: the common reason picked (if any) followed by what the moderator typed. With JavaScript, picking a
 * reason copies its text into the field, where it can be edited; the list then sends nothing more.
 */
export function composeRejectionReason(presetId: string, typed: string): string {
  const preset = REJECTION_REASONS.find((r) => r.id === presetId)?.text ?? '';
  return frenchSpacing([preset, typed.trim()].filter(Boolean).join(' '));
}

/**
 * The spaces French typography wants, in what the moderator typed too (the reason goes to the page and the mail): no
 * break before « : » (U+00A0) nor before « ; ! ? » (U+202F), nor inside « ».
 */
export function frenchSpacing(text: string): string {
  return text
    .replace(/[ \u00a0\u202f]*:(?=\s|$)/g, '\u00a0:')
    .replace(/[ \u00a0\u202f]*([;!?])(?=\s|$)/g, '\u202f$1')
    .replace(/«[ \u00a0]*/g, '«\u00a0')
    .replace(/[ \u00a0]*»/g, '\u00a0»');
}
