// The form « Recevoir ces événements par email »: one schema for the browser's constraints and the server's parse.
import { z } from './zod';

export { ALERT_ACTION } from './alert';
// The pages' texts live apart, so that a page showing them does not carry the schema (issue 50).
export * from './alert-texts';

import { ALERT_NO_FILTER } from './alert-texts';

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
