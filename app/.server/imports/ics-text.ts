// The text of an imported event: a description without its HTML trimmed to the model's limits, and a LOCATION line
// split into venue, street, postal code and town (calendars and federated events).
import type { EventContent } from '~/domain/event';

/** Plain text from a description (Google Calendar writes some HTML), trimmed to the model's limits. */
export function plain(value: string, max: number): string {
  const stripped = value
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, '’')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return stripped.length > max ? `${stripped.slice(0, max - 1).trimEnd()}…` : stripped;
}

/** « Théâtre du Passage, Passage Maximilien-de-Meuron 4, 2000 Neuchâtel, Suisse » → venue, street, NPA, town. */
export function splitLocation(location: string): Pick<EventContent, 'venueName' | 'street' | 'postalCode' | 'city'> {
  const parts = location
    .split(/\s*[,\n]\s*/)
    .map((p) => p.trim())
    .filter((p) => p && !/^(suisse|switzerland|schweiz|svizzera|ch)$/i.test(p));
  const npaAt = parts.findIndex((p) => /^(?:CH-)?\d{4}\s+\S/.test(p));
  if (npaAt === -1) {
    const city = parts.length > 1 ? parts[parts.length - 1] : '';
    return { venueName: parts[0] ?? '', street: parts.slice(1, -1).join(', '), postalCode: '', city };
  }
  const [, postalCode, city] = parts[npaAt].match(/^(?:CH-)?(\d{4})\s+(.+)$/) as RegExpMatchArray;
  const before = parts.slice(0, npaAt);
  return {
    venueName: before[0] ?? city,
    street: before.slice(1).join(', '),
    postalCode,
    city,
  };
}
