// The partner form of /admin/partners (create and edit): one zod schema for the form's limits and the server's parse.

import { type FieldErrors, fieldErrors } from './forms';
import { PARTNER_KINDS } from './partner';
import { slugify } from './slug';
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacter, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { z } from './zod';

export const PARTNER_LIMITS = { name: 120, description: 2000, websiteUrl: 500 } as const;

// Its labels live with the kinds, so that a page showing them does not carry the schema (issue 50).
export { PARTNER_KIND_LABELS } from './partner';

/** An absolute http(s) address with a host, or nothing. */
function isWebUrl(value: string): boolean {
  if (value === '') return true;
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const partnerFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Le nom est obligatoire.')
    .max(PARTNER_LIMITS.name, `Le nom ne peut pas dépasser ${PARTNER_LIMITS.name}\u00a0caractères.`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE)
    // The slug (the public address) is made of the name's letters and digits.
    .refine((v) => v === '' || slugify(v) !== '', 'Le nom doit contenir au moins une lettre ou un chiffre.'),
  kind: z.enum(PARTNER_KINDS, { error: 'Choisissez « Partenaire » ou « Donateur ».' }),
  description: z
    .string()
    .trim()
    .max(
      PARTNER_LIMITS.description,
      `La description ne peut pas dépasser ${PARTNER_LIMITS.description}\u00a0caractères.`,
    )
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE)
    // Facultative: not `required` in the form (the server always reads a string, empty when left blank).
    .default(''),
  websiteUrl: z
    .string()
    .trim()
    .max(PARTNER_LIMITS.websiteUrl, 'Cette adresse est trop longue.')
    .refine(isWebUrl, 'Indiquez une adresse web complète commençant par https:// (ou laissez le champ vide).')
    .default(''),
  active: z.preprocess((v) => v === 'on' || v === '1' || v === 'true' || v === true, z.boolean()),
});

export type PartnerFormInput = z.infer<typeof partnerFormSchema>;

/** The form's values (as typed) → the partner's fields, or a French message per field. */
export function validatePartnerForm(
  values: Record<string, string>,
): { ok: true; data: PartnerFormInput } | { ok: false; errors: FieldErrors } {
  const parsed = partnerFormSchema.safeParse({
    name: values.name ?? '',
    kind: values.kind ?? '',
    description: values.description ?? '',
    websiteUrl: values.websiteUrl ?? '',
    active: values.active ?? '',
  });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
