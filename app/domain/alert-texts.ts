// The alert pages' texts, apart from the schema of alert-form.ts (which re-exports them), so that a page carries them
// without zod (issue 50).

/** A request without a filter the list knows (the page says so above the form). */
export const ALERT_NO_FILTER = 'Choisissez au moins un filtre dans la liste des événements.';

export const ALERT_REQUESTED_MESSAGE =
  'Si cette adresse est valable, un email de confirmation vient de lui être envoyé. Cliquez sur son lien pour recevoir l’alerte\u00a0: rien ne vous sera envoyé sans cette confirmation.';

export const ALERT_LINK_GONE =
  'Ce lien n’est plus valable\u00a0: l’alerte a été supprimée ou n’a pas été confirmée à temps.';
