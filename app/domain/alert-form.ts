// The form « Recevoir ces événements par email »: one schema for the browser's constraints and the server's parse.
import { z } from './zod';

export { ALERT_ACTION } from './alert';

/** A request without a filter the list knows (the page says so above the form). */
export const ALERT_NO_FILTER = 'Choisissez au moins un filtre dans la liste des événements.';

export const alertRequestSchema = z.object({
  email: z
    .string({ error: 'Indiquez votre adresse email.' })
    .trim()
    .min(1, 'Indiquez votre adresse email.')
    .max(254, 'Cette adresse email est trop longue.')
    .email('Cette adresse email n’est pas valide (exemple\u00a0: prenom@exemple.ch).'),
  rythme: z.enum(['weekly', 'daily'], { error: 'Choisissez quand recevoir les événements.' }),
  // Hidden: the list's filter, which the form carries along.
  filtre: z.string({ error: ALERT_NO_FILTER }).max(2000, ALERT_NO_FILTER),
});

export const ALERT_REQUESTED_MESSAGE =
  'Si cette adresse est valable, un email de confirmation vient de lui être envoyé. Cliquez sur son lien pour recevoir l’alerte\u00a0: rien ne vous sera envoyé sans cette confirmation.';

export const ALERT_LINK_GONE =
  'Ce lien n’est plus valable\u00a0: l’alerte a été supprimée ou n’a pas été confirmée à temps.';
