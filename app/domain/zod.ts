// zod with French default messages: every schema of the app imports `z` from here, so a rule written without its own
// message (a missing field, an unexpected type) still answers in French, never with zod's English defaults.
import { z } from 'zod';

const frenchErrorMap: z.ZodErrorMap = (issue, context) => {
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      return {
        message:
          issue.received === 'undefined' || issue.received === 'null'
            ? 'Ce champ est obligatoire.'
            : 'Cette valeur n’est pas valide.',
      };
    case z.ZodIssueCode.too_small:
      return {
        message:
          issue.type === 'string'
            ? `Ce champ doit compter au moins ${issue.minimum} caractère${Number(issue.minimum) > 1 ? 's' : ''}.`
            : `La valeur doit être au moins ${issue.minimum}.`,
      };
    case z.ZodIssueCode.too_big:
      return {
        message:
          issue.type === 'string'
            ? `Ce champ ne peut pas dépasser ${issue.maximum} caractères.`
            : `La valeur ne peut pas dépasser ${issue.maximum}.`,
      };
    case z.ZodIssueCode.invalid_string:
      return {
        message:
          issue.validation === 'email'
            ? 'Cette adresse email n’est pas valide (exemple : prenom@exemple.ch).'
            : issue.validation === 'url'
              ? 'Cette adresse web n’est pas valide.'
              : 'Cette valeur n’est pas valide.',
      };
    case z.ZodIssueCode.invalid_enum_value:
    case z.ZodIssueCode.invalid_literal:
    case z.ZodIssueCode.invalid_union:
      return { message: 'Choisissez une des valeurs proposées.' };
    case z.ZodIssueCode.invalid_date:
      return { message: 'Cette date n’est pas valide.' };
    default:
      return { message: context.defaultError && 'Cette valeur n’est pas valide.' };
  }
};

z.setErrorMap(frenchErrorMap);

export { z };
