// zod with French default messages: every schema of the app imports `z` from here, so a rule written without its own
// message (a missing field, an unexpected type) still answers in French, never with zod's English defaults.
import { z } from 'zod';

const plural = (n: unknown) => (Number(n) > 1 ? 's' : '');

/** zod's global error map (a schema's own message still wins): French for every issue a schema leaves unworded. */
function frenchMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Ce champ est obligatoire.';
      return issue.expected === 'date' ? 'Cette date n’est pas valide.' : 'Cette valeur n’est pas valide.';
    case 'too_small':
      return issue.origin === 'string'
        ? `Ce champ doit compter au moins ${issue.minimum}\u00a0caractère${plural(issue.minimum)}.`
        : `La valeur doit être au moins ${issue.minimum}.`;
    case 'too_big':
      return issue.origin === 'string'
        ? `Ce champ ne peut pas dépasser ${issue.maximum}\u00a0caractères.`
        : `La valeur ne peut pas dépasser ${issue.maximum}.`;
    case 'invalid_format':
      return issue.format === 'email'
        ? 'Cette adresse email n’est pas valide (exemple\u00a0: prenom@exemple.ch).'
        : issue.format === 'url'
          ? 'Cette adresse web n’est pas valide.'
          : 'Cette valeur n’est pas valide.';
    case 'invalid_value':
    case 'invalid_union':
      return 'Choisissez une des valeurs proposées.';
    default:
      return 'Cette valeur n’est pas valide.';
  }
}

// jitless: zod would otherwise probe `new Function` to compile object parsers, which the page's CSP (no 'unsafe-eval')
// refuses and reports as a violation on every form page; the interpreted parser is fast enough for our forms.
z.config({ customError: frenchMessage, jitless: true });

export { z };
