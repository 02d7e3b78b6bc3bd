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

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 60;

// docs/specification.md §8 messages.
export const NO_USER = 'Aucun utilisateur connecté';
export const NO_USER_OR_EMAIL = 'Aucun utilisateur connecté ou email manquant';
export const ALREADY_VERIFIED = "L'email est déjà vérifié";

/** Never says whether the email exists. */
export const LOGIN_FAILED = 'Email ou mot de passe incorrect.';

/** Where a sign-in leads when no page was asked for: where each role works (issue 33). */
export const landingPath = (role: string) => (role === 'admin' ? '/admin' : '/dashboard');

/** Said on the login page after the verification link, the address filled in. */
export const ADDRESS_CONFIRMED = 'Adresse confirmée\u00a0: connectez-vous pour publier vos événements.';
export const EMAIL_TAKEN =
  'Un compte existe déjà avec cette adresse. Connectez-vous ou réinitialisez votre mot de passe.';
/** After a registration, whether or not the address already had an account (the mail says which). */
export const registrationSent = (email: string) =>
  `Merci\u202f! Un email vient de partir à ${email}. Ouvrez-le pour confirmer votre adresse, puis connectez-vous ici avec votre mot de passe.`;
export const WRONG_CURRENT_PASSWORD = 'Le mot de passe actuel est incorrect.';
export const RESET_LINK_INVALID =
  'Ce lien n’est plus valable : il a déjà servi ou a expiré (il vaut une heure). Demandez-en un nouveau.';
export const VERIFICATION_MAILS_EXHAUSTED =
  'Plusieurs emails de vérification sont déjà partis cette heure-ci\u00a0: ouvrez le dernier reçu (pensez aux indésirables), ou réessayez dans une heure.';
export const PASSWORDS_DIFFER = 'Les deux mots de passe ne sont pas identiques.';
export const CONFIRM_DELETION = 'Cochez la case pour confirmer la suppression.';

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
  .refine((v) => [...v].length >= PASSWORD_MIN, `Le mot de passe doit compter au moins ${PASSWORD_MIN} caractères.`)
  .refine((v) => [...v].length <= PASSWORD_MAX, `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX} caractères.`);

/** A name others see and mails carry: one line, no address, no markup. */
export const displayNameField = z
  .string({ error: 'Indiquez votre nom.' })
  .trim()
  .min(2, 'Votre nom doit compter au moins 2 caractères.')
  .max(DISPLAY_NAME_MAX, `Votre nom ne peut pas dépasser ${DISPLAY_NAME_MAX} caractères.`)
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
