// Rules on what people type, shared by every form's schema (browser and server): one-line fields stay on one line,
// and a display name (shown to others and written into mails) carries neither a link nor markup.
import { LinkifyIt } from 'linkify-it';

/** Line breaks in every spelling (CR, LF, vertical tab, form feed, NEL, Unicode line and paragraph separators). */
const LINE_BREAK = /[\r\n\v\f\u0085\u2028\u2029]/;

export const SINGLE_LINE_MESSAGE = 'Ce champ tient sur une seule ligne\u00a0: retirez les retours à la ligne.';

/** True when a one-line field holds no line break (a title, a venue, a name, a mail subject…). */
export function isSingleLine(value: string): boolean {
  return !LINE_BREAK.test(value);
}

// Addresses with or without a scheme (`evil.ch`, `www.x.org`, `a@b.ch`), as mail programs spot them.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true });
/** What linkify leaves out but is still an address: any `scheme://`, script schemes, a `www.` prefix. */
const ADDRESS_LIKE = /[a-z][a-z0-9+.-]*:\/\/|\b(?:javascript|data|vbscript|file):|\bwww\./i;

export const NAME_WITH_LINK_MESSAGE =
  'Un nom ne contient ni adresse web ni balise\u00a0: écrivez seulement votre nom ou celui de votre organisation.';

/**
 * The longest text looked at for links: enough for any name. Link detection grows faster than the text (seconds for
 * 20,000 letters): a longer text is refused for its length before this matters.
 */
const LINK_SCAN_MAX = 200;

/** True when a text holds an address a mail program would turn into a link (with or without http), or markup. */
export function hasLinkOrMarkup(value: string): boolean {
  const text = value.slice(0, LINK_SCAN_MAX);
  return /[<>]/.test(text) || ADDRESS_LIKE.test(text) || linkify.test(text);
}

/** A name as it can go into a mail: markup and addresses taken out (names saved before the rule existed). */
export function nameForMail(name: string): string {
  let clean = name
    .slice(0, LINK_SCAN_MAX)
    .replace(/<[^>]*>?/g, ' ')
    .replace(/[<>]/g, ' ');
  for (const link of linkify.match(clean) ?? []) clean = clean.replace(link.raw, ' ');
  clean = clean.replace(/\S*(?:[a-z][a-z0-9+.-]*:\/\/|\b(?:javascript|data|vbscript|file):|\bwww\.)\S*/gi, ' ');
  clean = clean.replace(/\s+/g, ' ').trim();
  return clean;
}
