// « Artistes, intervenants » (issue 52): the names an organizer types, separated by commas, read the same everywhere.
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacter, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { z } from './zod';

/** The longest text the field takes, the most names it holds, the longest name (decision 125). */
export const PERFORMERS_MAX_LENGTH = 300;
export const PERFORMERS_MAX_NAMES = 12;
export const PERFORMER_NAME_MAX_LENGTH = 80;

/**
 * The names of a typed text: cut at each comma, blanks tidied (one space), empty pieces dropped (a comma at the end,
 * two commas in a row), a name given twice kept once (whatever its capitals), in the order typed.
 */
export function performerNames(text: string): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const piece of text.split(',')) {
    const name = piece.replace(/\s+/g, ' ').trim();
    const key = name.toLocaleLowerCase('fr-CH');
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/** The names as the form shows them again and as a page or a calendar writes them: « Stephan Eicher, Sophie Hunger ». */
export function performersText(names: readonly string[] | undefined): string {
  return (names ?? []).join(', ');
}

/** The line a calendar file or a shared post adds to the description: « Artistes, intervenants : … », or ''. */
export function performersLine(event: { performers?: readonly string[] }): string {
  return event.performers?.length ? `Artistes, intervenants\u00a0: ${performersText(event.performers)}` : '';
}

/** What is wrong with a typed text, in French; null when it is right (an empty text is: the field is optional). */
export function performersProblem(text: string): string | null {
  if (!isSingleLine(text)) return SINGLE_LINE_MESSAGE;
  if (!hasNoControlCharacter(text)) return CONTROL_CHARACTER_MESSAGE;
  if (text.trim().length > PERFORMERS_MAX_LENGTH)
    return `Les artistes et intervenants ne peuvent pas dépasser ${PERFORMERS_MAX_LENGTH} caractères.`;
  const names = performerNames(text);
  if (names.length > PERFORMERS_MAX_NAMES)
    return `Indiquez au plus ${PERFORMERS_MAX_NAMES} artistes ou intervenants (vous en avez indiqué ${names.length}).`;
  const long = names.find((name) => name.length > PERFORMER_NAME_MAX_LENGTH);
  if (long)
    return `Un nom ne peut pas dépasser ${PERFORMER_NAME_MAX_LENGTH} caractères\u00a0: séparez les noms par des virgules.`;
  return null;
}

/** The event form's field (eventFormSchema): its length bound for the browser, its checks, then the list of names. */
export const performersField = z
  .string()
  .trim()
  .max(
    PERFORMERS_MAX_LENGTH,
    `Les artistes et intervenants ne peuvent pas dépasser ${PERFORMERS_MAX_LENGTH} caractères.`,
  )
  .superRefine((v, ctx) => {
    const message = performersProblem(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform(performerNames)
  .default([]);
