// Rules on what people type, shared by every form's schema (browser and server): one-line fields stay on one line,
// and a display name (shown to others and written into mails) carries neither a link nor markup.
import { LinkifyIt } from 'linkify-it';

/** Line breaks in every spelling (CR, LF, vertical tab, form feed, NEL, Unicode line and paragraph separators). */
const LINE_BREAK = /[\r\n\v\f\u0085\u2028\u2029]/;

export const SINGLE_LINE_MESSAGE = 'Ce champ tient sur une seule ligne\u00a0: retirez les retours à la ligne.';

/**
 * Characters nobody types on purpose and that break what shows the text: C0 and C1 controls (U+0000 makes a whole RSS
 * feed unreadable XML), the replacement-only noncharacters, and the bidirectional overrides and isolates that make a
 * text read backwards (a name that looks like another).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u202a-\u202e\u2066-\u2069\ufffe\uffff]/;

export const CONTROL_CHARACTER_MESSAGE =
  'Ce champ contient un caractère invisible non autorisé (caractère de contrôle)\u00a0: retirez-le.';

/** True when a text holds no control character (line breaks are the one-line rule's business, tabs are allowed). */
export function hasNoControlCharacter(value: string): boolean {
  return !CONTROL.test(value);
}

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
  // Full-width letters and dots, and the ideographic full stops, read as an address once a program folds them.
  const text = value
    .slice(0, LINK_SCAN_MAX)
    .normalize('NFKC')
    .replace(/[\u3002\uff61]/g, '.');
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

/**
 * French typography in what people type (a title, a description): a non-breaking space where they put a plain one
 * before « : ; ! ? » and inside « », a typographic apostrophe between two letters. Nothing is added where they put no
 * space (« 20:00 », an address on the web).
 */
export const frenchTypography = (text: string) =>
  text
    .replace(/(\p{L})'(?=\p{L})/gu, '$1\u2019')
    .replace(/ +([:;!?»])/g, '\u00a0$1')
    .replace(/« +/g, '«\u00a0');
