// Password policy used at registration and password change: length (in code points) then a list of common passwords.
// No composition rules. The list and its provenance: common-passwords.json, COMMON-PASSWORDS.md.
import { PASSWORD_MAX, PASSWORD_MIN } from '~/domain/auth';
import list from './common-passwords.json';

export { PASSWORD_MAX, PASSWORD_MIN };

export const PASSWORD_TOO_SHORT = 'Le mot de passe doit compter au moins 8\u00a0caractères.';
export const PASSWORD_TOO_LONG = 'Le mot de passe ne peut pas dépasser 128\u00a0caractères.';
export const PASSWORD_TOO_COMMON =
  'Ce mot de passe est trop courant : choisissez-en un autre, par exemple une phrase de quelques mots.';

let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(list as string[]);
  return common;
}

/** Case-insensitive, NFC-normalised; spaces count (nothing is trimmed). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFC').toLowerCase());
}

/** Length in Unicode code points (not UTF-16 units), counting no further than `cap`. */
function codePointLength(text: string, cap: number): number {
  let length = 0;
  for (const _ of text) {
    length++;
    if (length >= cap) break;
  }
  return length;
}

/** The message to show, or null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = codePointLength(password, PASSWORD_MAX + 1);
  if (length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  if (length > PASSWORD_MAX) return PASSWORD_TOO_LONG;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  return null;
}
