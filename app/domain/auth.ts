// Account forms: one schema each for the browser's constraints and the server's parse; French messages.
import {
  CONTROL_CHARACTER_MESSAGE,
  hasLinkOrMarkup,
  hasNoControlCharacter,
  isSingleLine,
  NAME_WITH_LINK_MESSAGE,
  SINGLE_LINE_MESSAGE,
} from './text';
import { z } from './zod';

// The account's limits and texts live apart, so that a page showing them does not carry the schemas (issue 50).
export * from './auth-texts';

import {
  CONFIRM_DELETION,
  DISPLAY_NAME_MAX,
  LOGIN_FAILED,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORDS_DIFFER,
} from './auth-texts';

const email = z
  .string({ error: 'Indiquez votre adresse email.' })
  .trim()
  .min(1, 'Indiquez votre adresse email.')
  .max(254, 'Cette adresse email est trop longue.')
  .email('Cette adresse email n’est pas valide (exemple : prenom@exemple.ch).')
  .transform((v) => v.toLowerCase());

/** Length in characters as a person counts them (code points), not UTF-16 units. */
const newPassword = z
  .string({ error: 'Choisissez un mot de passe.' })
  .refine(
    (v) => [...v].length >= PASSWORD_MIN,
    `Le mot de passe doit compter au moins ${PASSWORD_MIN}\u00a0caractères.`,
  )
  .refine(
    (v) => [...v].length <= PASSWORD_MAX,
    `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX}\u00a0caractères.`,
  );

/** A name others see and mails carry: one line, no address, no markup. */
export const displayNameField = z
  .string({ error: 'Indiquez votre nom.' })
  .trim()
  .min(2, 'Votre nom doit compter au moins 2\u00a0caractères.')
  .max(DISPLAY_NAME_MAX, `Votre nom ne peut pas dépasser ${DISPLAY_NAME_MAX}\u00a0caractères.`)
  .refine(isSingleLine, SINGLE_LINE_MESSAGE)
  .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE)
  // A name already too long is refused for that: no need to look for links in it.
  .refine((v) => v.length > DISPLAY_NAME_MAX || !hasLinkOrMarkup(v), NAME_WITH_LINK_MESSAGE);
const displayName = displayNameField;

export const loginSchema = z.object({
  email,
  password: z
    .string()
    .min(1, 'Indiquez votre mot de passe.')
    .max(PASSWORD_MAX * 4, LOGIN_FAILED),
});

export const registerSchema = z.object({ displayName, email, password: newPassword });
export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z
  .object({ password: newPassword, confirmation: z.string() })
  .refine((v) => v.password === v.confirmation, { message: PASSWORDS_DIFFER, path: ['confirmation'] });
export const profileSchema = z.object({ displayName });
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, 'Indiquez votre mot de passe actuel.')
      .max(PASSWORD_MAX * 4),
    newPassword,
    confirmation: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmation, { message: PASSWORDS_DIFFER, path: ['confirmation'] });

/** Deleting one's account: the password (checked by the use case) and the box ticked. */
export const deleteAccountSchema = z.object({
  deletePassword: z.string(),
  confirm: z.literal('oui', { error: CONFIRM_DELETION }),
});
