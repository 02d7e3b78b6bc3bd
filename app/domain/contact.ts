// The contact form: one schema for the browser's constraints and the server's parse.
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacter, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { z } from './zod';

export const CONTACT_LIMITS = {
  name: { min: 2, max: 100 },
  email: { max: 254 },
  subject: { min: 3, max: 150 },
  message: { min: 10, max: 5000 },
} as const;

const trimmed = z
  .string({ required_error: 'Ce champ est obligatoire.', invalid_type_error: 'Ce champ est obligatoire.' })
  .trim();

export const contactSchema = z.object({
  name: trimmed
    .min(1, 'Indiquez votre nom.')
    .min(CONTACT_LIMITS.name.min, `Votre nom doit compter au moins ${CONTACT_LIMITS.name.min} caractères.`)
    .max(CONTACT_LIMITS.name.max, `Votre nom ne peut pas dépasser ${CONTACT_LIMITS.name.max} caractères.`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE),
  email: trimmed
    .min(1, 'Indiquez votre adresse email.')
    .max(CONTACT_LIMITS.email.max, 'Cette adresse email est trop longue.')
    .email('Cette adresse email n’est pas valide (exemple : prenom@exemple.ch).'),
  subject: trimmed
    .min(1, 'Indiquez le sujet de votre message.')
    .min(CONTACT_LIMITS.subject.min, `Le sujet doit compter au moins ${CONTACT_LIMITS.subject.min} caractères.`)
    .max(CONTACT_LIMITS.subject.max, `Le sujet ne peut pas dépasser ${CONTACT_LIMITS.subject.max} caractères.`)
    // The subject becomes the mail's Subject header.
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE),
  message: trimmed
    .min(1, 'Écrivez votre message.')
    .min(CONTACT_LIMITS.message.min, `Votre message doit compter au moins ${CONTACT_LIMITS.message.min} caractères.`)
    .max(CONTACT_LIMITS.message.max, `Votre message ne peut pas dépasser ${CONTACT_LIMITS.message.max} caractères.`)
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE),
});

export type ContactInput = z.infer<typeof contactSchema>;
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
