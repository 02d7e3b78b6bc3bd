// The sentences of a « Ça a lieu ? » alert (« Me prévenir », issue 51) on the pages of its links: they speak of that
// event (its title) rather than of a list's new events.

import { quoted } from './quoted';

/** What the visitor is told of: the same words on every page. */
export const DAY_STATUS_TOLD = 'si l’événement est confirmé, annulé, reporté ou déplacé le jour même';

export const DAY_STATUS_ALERT_WORDS = {
  requested: (title: string) =>
    `Si cette adresse est valable, un email de confirmation vient de lui être envoyé pour ${quoted(title)}. Cliquez sur son lien\u00a0: vous serez prévenu·e par email ${DAY_STATUS_TOLD}. Rien ne vous sera envoyé sans cette confirmation.`,
  confirmTitle: 'Confirmer votre demande',
  confirmLead: (title: string) => `Vous serez prévenu·e par email ${DAY_STATUS_TOLD}, pour ${quoted(title)}.`,
  confirmButton: 'Confirmer',
  manageTitle: 'Me prévenir',
  confirmed: (title: string) =>
    `C’est confirmé\u00a0: vous serez prévenu·e par email ${DAY_STATUS_TOLD}, pour ${quoted(title)}.`,
  manageLead: (title: string) => `Vous serez prévenu·e par email ${DAY_STATUS_TOLD}, pour ${quoted(title)}.`,
  leaveTitle: 'Ne plus être prévenu·e',
  leaveText: 'Votre demande et votre adresse sont supprimées aussitôt.',
  unsubscribeLead: (title: string) =>
    `Vous ne serez plus prévenu·e par email ${DAY_STATUS_TOLD}, pour ${quoted(title)}.`,
  unsubscribed: (title: string) =>
    `C’est fait\u00a0: vous ne serez plus prévenu·e pour ${quoted(title)}. Votre adresse est supprimée.`,
} as const;
