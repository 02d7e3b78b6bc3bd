// « Artistes, intervenants » (issue 52): the names an organizer types, separated by commas, read the same everywhere.
// No import: the event page loads it (its checks, with zod, are in performers-form.ts).

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
