// The form of a calendar source (/admin/sources): one schema for the browser's constraints and the server's parse.
import { CANTON_CODES } from './cantons';
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacter, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { z } from './zod';

// The intervals live apart, so that a page showing them does not carry the schema (issue 50).
export { DEFAULT_SOURCE_INTERVAL, SOURCE_INTERVALS } from './source-intervals';

import { SOURCE_INTERVALS } from './source-intervals';

const line = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .min(min, `${label} doit compter au moins ${min}\u00a0caractères.`)
    .max(max, `${label} ne peut pas dépasser ${max}\u00a0caractères.`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE);

/** An absolute http(s) address without credentials (the fetcher checks where it leads). */
function isFeedUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const sourceSchema = z.object({
  name: line('Le nom', 2, 120),
  url: z
    .string({ error: 'L’adresse du calendrier est obligatoire.' })
    .trim()
    .min(1, 'L’adresse du calendrier est obligatoire.')
    .max(2000, 'Cette adresse est trop longue.')
    .refine(isFeedUrl, 'Indiquez l’adresse complète du calendrier, commençant par https://.'),
  category: z.string({ error: 'Choisissez une catégorie.' }).trim().min(1, 'Choisissez une catégorie.'),
  canton: z.enum(CANTON_CODES, { error: 'Choisissez un canton de Suisse romande.' }),
  organizerName: line('Le nom de l’organisateur', 2, 120),
  intervalMinutes: z
    .string()
    .trim()
    .refine((v) => SOURCE_INTERVALS.some((i) => String(i.minutes) === v), 'Choisissez une fréquence de la liste.'),
  trusted: z.string().optional(),
});

export type SourceFormInput = z.infer<typeof sourceSchema>;
