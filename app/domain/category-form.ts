// The admin's category forms (create, edit in place): one zod schema for the browser's constraints and the action.

import { CATEGORY_SLUG_MAX, CATEGORY_SLUG_MIN, CATEGORY_SLUG_PATTERN } from './categories';
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacter, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { z } from './zod';

export const CATEGORY_LABEL_MAX = 60;
export const CATEGORY_DESCRIPTION_MAX = 300;
/** White text sits on the category colour (chips): WCAG AA for normal text. */
export const CATEGORY_MIN_CONTRAST = 4.5;

export const CATEGORY_MESSAGES = {
  slugRequired: 'Indiquez le slug de la catégorie (il apparaît dans les adresses).',
  slugLength: `Le slug compte de ${CATEGORY_SLUG_MIN} à ${CATEGORY_SLUG_MAX}\u00a0caractères.`,
  slugFormat:
    'Le slug ne contient que des lettres minuscules sans accents, des chiffres et des tirets, par exemple « jeux-de-societe ».',
  labelRequired: 'Indiquez le nom de la catégorie.',
  labelLength: `Le nom compte de 2 à ${CATEGORY_LABEL_MAX}\u00a0caractères.`,
  descriptionLength: `La description ne peut pas dépasser ${CATEGORY_DESCRIPTION_MAX}\u00a0caractères.`,
  colorFormat: 'Choisissez une couleur (au format #rrggbb).',
  colorTooLight:
    'Cette couleur est trop claire : le nom de la catégorie, écrit en blanc dessus, serait illisible. Choisissez une teinte plus foncée.',
} as const;

const flag = z.preprocess((v) => v === 'on' || v === '1' || v === 'true' || v === true, z.boolean());

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast ratio of white text on this colour (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

export const categorySlugField = z
  .string({ error: CATEGORY_MESSAGES.slugRequired })
  .trim()
  .min(1, CATEGORY_MESSAGES.slugRequired)
  .min(CATEGORY_SLUG_MIN, CATEGORY_MESSAGES.slugLength)
  .max(CATEGORY_SLUG_MAX, CATEGORY_MESSAGES.slugLength)
  .regex(CATEGORY_SLUG_PATTERN, CATEGORY_MESSAGES.slugFormat);

/** What an admin may change on an existing category: never its slug (events and links point to it). */
export const categoryEditSchema = z.object({
  label: z
    .string({ error: CATEGORY_MESSAGES.labelRequired })
    .trim()
    .min(1, CATEGORY_MESSAGES.labelRequired)
    .min(2, CATEGORY_MESSAGES.labelLength)
    .max(CATEGORY_LABEL_MAX, CATEGORY_MESSAGES.labelLength)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE),
  description: z.string().trim().max(CATEGORY_DESCRIPTION_MAX, CATEGORY_MESSAGES.descriptionLength).default(''),
  color: z
    .string({ error: CATEGORY_MESSAGES.colorFormat })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, CATEGORY_MESSAGES.colorFormat)
    .transform((v) => v.toLowerCase())
    .refine((v) => contrastWithWhite(v) >= CATEGORY_MIN_CONTRAST, CATEGORY_MESSAGES.colorTooLight),
  active: flag,
});

export const categoryCreateSchema = categoryEditSchema.extend({ slug: categorySlugField });

export type CategoryEditInput = z.infer<typeof categoryEditSchema>;
export type CategoryCreateInput = z.infer<typeof categoryCreateSchema>;
