// The account pages' limits and texts (sign in, registration, passwords): apart from the schemas of auth.ts, so that a
// page carries them without zod (issue 50). auth.ts re-exports them.
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
/** The verification link opened in the browser that registered the address: signed in (decision 153). */
export const addressConfirmedSignedIn = (email: string) =>
  `Adresse confirmée\u00a0: ${email}. Vous êtes connecté·e, vous pouvez publier vos événements.`;
export const EMAIL_TAKEN =
  'Un compte existe déjà avec cette adresse. Connectez-vous ou réinitialisez votre mot de passe.';
/** After a registration, whether or not the address already had an account (the mail says which). */
export const registrationSent = (email: string) =>
  `Merci\u202f! Un email vient de partir à ${email}. Ouvrez son lien dans ce navigateur\u00a0: il confirme votre adresse et vous connecte.`;
export const WRONG_CURRENT_PASSWORD = 'Le mot de passe actuel est incorrect.';
export const RESET_LINK_INVALID =
  'Ce lien n’est plus valable : il a déjà servi ou a expiré (il vaut une heure). Demandez-en un nouveau.';
export const VERIFICATION_MAILS_EXHAUSTED =
  'Plusieurs emails de vérification sont déjà partis cette heure-ci\u00a0: ouvrez le dernier reçu (pensez aux indésirables), ou réessayez dans une heure.';
export const PASSWORDS_DIFFER = 'Les deux mots de passe ne sont pas identiques.';
export const CONFIRM_DELETION = 'Cochez la case pour confirmer la suppression.';
