// The contact form: one schema for the browser's constraints and the server's parse.
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacter, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { z } from './zod';

export const CONTACT_LIMITS = {
  name: { min: 2, max: 100 },
  email: { max: 254 },
  subject: { min: 3, max: 150 },
  message: { min: 10, max: 5000 },
} as const;

const trimmed = z.string({ error: 'Ce champ est obligatoire.' }).trim();

/** A required one-line field within its limits: « Votre nom doit compter au moins 2 caractères. » */
const oneLine = (limits: { min: number; max: number }, required: string, what: string) =>
  trimmed
    .min(1, required)
    .min(limits.min, `${what} doit compter au moins ${limits.min}\u00a0caractères.`)
    .max(limits.max, `${what} ne peut pas dépasser ${limits.max}\u00a0caractères.`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE);

export const contactSchema = z.object({
  name: oneLine(CONTACT_LIMITS.name, 'Indiquez votre nom.', 'Votre nom'),
  email: trimmed
    .min(1, 'Indiquez votre adresse email.')
    .max(CONTACT_LIMITS.email.max, 'Cette adresse email est trop longue.')
    .email('Cette adresse email n’est pas valide (exemple : prenom@exemple.ch).'),
  // The subject becomes the mail's Subject header: one line.
  subject: oneLine(CONTACT_LIMITS.subject, 'Indiquez le sujet de votre message.', 'Le sujet'),
  message: trimmed
    .min(1, 'Écrivez votre message.')
    .min(
      CONTACT_LIMITS.message.min,
      `Votre message doit compter au moins ${CONTACT_LIMITS.message.min}\u00a0caractères.`,
    )
    .max(
      CONTACT_LIMITS.message.max,
      `Votre message ne peut pas dépasser ${CONTACT_LIMITS.message.max}\u00a0caractères.`,
    )
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE),
});

export type ContactInput = z.infer<typeof contactSchema>;
