// The names only the site's team may go by (issue 31): an organizer cannot register or rename their account « Admin »,
// « Modération », « Agenda romand », « Support »… nor any spelling that reads the same: case, accents, spaces and
// punctuation, doubled letters, invisible characters, digits and symbols for letters (« 4dm1n »), letters of another
// alphabet that look the same (Cyrillic « а », Greek « ο »), full-width forms. Pure: the use cases apply it
// (app/.server/accounts/accounts.ts); accounts made by the operator's command line are not held to it.

/** The reserved names, as the team writes them. A name that contains one of them as whole words is refused too. */
export const RESERVED_NAMES: readonly string[] = [
  'Admin',
  'Admins',
  'Administrateur',
  'Administrateurs',
  'Administratrice',
  'Administratrices',
  'Administrator',
  'Modération',
  'Modérateur',
  'Modérateurs',
  'Modératrice',
  'Modératrices',
  'Moderator',
  'Agenda romand',
  'Agendaromand',
  'Support',
  'Équipe du site',
  'Staff',
  'Webmaster',
  'Postmaster',
  'Root',
  'Système',
  'System',
  'No reply',
  'Ne pas répondre',
  'Sécurité',
];

/**
 * Names reserved alone, but ordinary inside a longer one: « Agenda » would be the site's own page
 * (/organisateurs/agenda, issue 68), « Agenda culturel de Sion » is an organizer's.
 */
export const RESERVED_ALONE: readonly string[] = ['Agenda', 'Agendas'];

export const RESERVED_NAME_MESSAGE =
  'Ce nom est réservé à l’équipe d’Agenda romand\u00a0: choisissez-en un autre (le nom de votre organisation, par exemple).';

/** Letters of other alphabets drawn like Latin ones, and digits or symbols written for letters. */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  // Latin letters that read as others
  ı: 'i',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  // Digits and symbols
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '€': 'e',
  '!': 'i',
  '|': 'i',
};

/** The words of a name as it reads: lower-case Latin letters only, look-alikes and accents resolved. */
function wordsOf(name: string): string[] {
  const text = name
    .normalize('NFKC')
    // Invisible characters (zero-width, soft hyphen, direction marks) join what they split; combining ones go below.
    .replace(/[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g, '')
    // « AdminPaul » is two words.
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase();
  const latin = [...text]
    .map((c) => LOOK_ALIKES[c] ?? c)
    .join('')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    // l and i are told apart by nobody at a glance (« admln »).
    .replace(/l/g, 'i');
  const words = latin.split(/[^a-z]+/).filter(Boolean);
  // « A d m i n »: a run of single letters is one word; doubled letters count once (« Addmiin »).
  const joined: string[] = [];
  let inRun = false;
  for (const word of words) {
    if (word.length === 1 && inRun) joined[joined.length - 1] += word;
    else joined.push(word);
    inRun = word.length === 1;
  }
  return joined.map((w) => w.replace(/(.)\1+/g, '$1'));
}

const RESERVED_WORDS = RESERVED_NAMES.map(wordsOf);
const RESERVED_WHOLES = new Set(RESERVED_ALONE.map((name) => wordsOf(name).join('')));

/** Whether `words` holds `part` as consecutive whole words. */
function containsRun(words: readonly string[], part: readonly string[]): boolean {
  for (let i = 0; i + part.length <= words.length; i++) if (part.every((w, k) => words[i + k] === w)) return true;
  return false;
}

/** Whether a display name is one of the team's, in any spelling. */
export function isReservedName(name: string): boolean {
  const words = wordsOf(name);
  if (words.length === 0) return false;
  const whole = words.join('');
  if (RESERVED_WHOLES.has(whole)) return true;
  return RESERVED_WORDS.some((reserved) => containsRun(words, reserved) || whole === reserved.join(''));
}
