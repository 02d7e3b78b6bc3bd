// French quotation marks around a text, nested as French typography nests them. Its own module: the pages that
// quote (the list's chips) do not load the link detection of text.ts.
/**
 * A text between French quotation marks (« Horlogers »), with no-break spaces inside. A text already between them is
 * not quoted twice (a search typed as « Horlogers »), and the quotation marks inside become the inner ones, as French
 * nests them: « Théâtre du mercredi “La Cantatrice chauve” ».
 */
export function quoted(text: string): string {
  const trimmed = text.trim();
  const whole = /^«[\s\u202f]*([^«»]*?)[\s\u202f]*»$/.exec(trimmed);
  const inner = (whole ? whole[1] : trimmed).replace(/«[\s\u202f]*/g, '“').replace(/[\s\u202f]*»/g, '”');
  return `«\u00a0${inner}\u00a0»`;
}
