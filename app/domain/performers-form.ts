// The checks of « Artistes, intervenants » in the event form (browser and server alike), in French (decision 125).
import { PERFORMER_NAME_MAX_LENGTH, PERFORMERS_MAX_LENGTH, PERFORMERS_MAX_NAMES, performerNames } from './performers';
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacter, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { z } from './zod';

/** What is wrong with a typed text, in French; null when it is right (an empty text is: the field is optional). */
export function performersProblem(text: string): string | null {
  if (!isSingleLine(text)) return SINGLE_LINE_MESSAGE;
  if (!hasNoControlCharacter(text)) return CONTROL_CHARACTER_MESSAGE;
  if (text.trim().length > PERFORMERS_MAX_LENGTH)
    return `Les artistes et intervenants ne peuvent pas dépasser ${PERFORMERS_MAX_LENGTH}\u00a0caractères.`;
  const names = performerNames(text);
  if (names.length > PERFORMERS_MAX_NAMES)
    return `Indiquez au plus ${PERFORMERS_MAX_NAMES} artistes ou intervenants (vous en avez indiqué ${names.length}).`;
  const long = names.find((name) => name.length > PERFORMER_NAME_MAX_LENGTH);
  if (long)
    return `Un nom ne peut pas dépasser ${PERFORMER_NAME_MAX_LENGTH}\u00a0caractères\u00a0: séparez les noms par des virgules.`;
  return null;
}

/** The event form's field (eventFormSchema): its length bound for the browser, its checks, then the list of names. */
export const performersField = z
  .string()
  .trim()
  .max(
    PERFORMERS_MAX_LENGTH,
    `Les artistes et intervenants ne peuvent pas dépasser ${PERFORMERS_MAX_LENGTH}\u00a0caractères.`,
  )
  .superRefine((v, ctx) => {
    const message = performersProblem(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform(performerNames)
  .default([]);
