// docs/specification.md §5 search text rules, in one pure module shared by the search inputs and the server.
export const SEARCH_MAX_LENGTH = 500;
// The specification's text as it writes it: an ordinary space before « caractères » (issue 68).
export const SEARCH_TOO_LONG = 'Recherche trop longue (maximum 500 caractères)';
export const SEARCH_FORBIDDEN = 'Recherche contient du contenu non autorisé';

// Script-like patterns of docs/specification.md §5: script tags, javascript:, data:, vbscript:, onload, onerror, onclick,
// eval(, alert(, document., window., .innerHTML, .outerHTML (case-insensitive, spaces tolerated).
const FORBIDDEN_PATTERNS: readonly RegExp[] = [
  /<\s*\/?\s*script/i,
  /javascript\s*:/i,
  /vbscript\s*:/i,
  /data\s*:/i,
  /on(?:load|error|click)/i,
  /eval\s*\(/i,
  /alert\s*\(/i,
  /document\s*\./i,
  /window\s*\./i,
  /\.\s*(?:inner|outer)html/i,
];

export type SearchTextResult = { ok: true; value: string } | { ok: false; error: string };

function strip(text: string): string {
  return (
    text
      // « l'Usine » as typed on every keyboard: the French apostrophe, so that the words stay apart (not « lUsine »).
      .replace(/(?<=\p{L})'(?=\p{L})/gu, '’')
      .replace(/[<>'"&]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, SEARCH_MAX_LENGTH)
      .trim()
  );
}

const looksLikeScript = (text: string) => FORBIDDEN_PATTERNS.some((pattern) => pattern.test(text));

/** Validates and cleans a search text. Empty is valid. */
export function validateSearchText(input: string | null | undefined): SearchTextResult {
  const trimmed = (input ?? '').trim();
  if (trimmed === '') return { ok: true, value: '' };
  if (trimmed.length > SEARCH_MAX_LENGTH) return { ok: false, error: SEARCH_TOO_LONG };
  const cleaned = strip(trimmed);
  // Checked before and after cleaning, so removing characters cannot assemble a pattern ('docu&ment.').
  if (looksLikeScript(trimmed) || looksLikeScript(cleaned)) return { ok: false, error: SEARCH_FORBIDDEN };
  return { ok: true, value: cleaned };
}

/** What a search input emits: the cleaned text, or '' when the text is invalid. */
export function cleanSearchText(input: string | null | undefined): string {
  const result = validateSearchText(input);
  return result.ok ? result.value : '';
}

/** The words of a cleaned search, each matched as a prefix by the store (at most 12). */
export function searchWords(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 12);
}

/** Lower case, no diacritics, words separated by single spaces: for comparing titles. */
export function normalizeForComparison(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Lower case without diacritics: what the admin search of accounts compares (« Zoé » finds « zoe », and the reverse). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * A search as the store reads it: its words (searchWords), lower case and without diacritics, as both stores match
 * them (SQLite's FTS `remove_diacritics`, Firestore's tokens). « Dé », « DE » and « de  » search the same: one key.
 * An invalid text stays as it is (it is refused).
 */
export function searchKey(input: string): string {
  const result = validateSearchText(input);
  return result.ok ? searchWords(foldText(result.value)).join(' ') : input;
}
