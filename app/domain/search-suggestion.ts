// « Vouliez-vous dire … ? »: the closest words of a vocabulary (the titles, venues, towns and organizers of public
// events) to the words of a search that found little. Edit distance by fastest-levenshtein (decision 039).
import { distance } from 'fastest-levenshtein';
import { foldText, searchWords } from './search-text';

export interface VocabularyWord {
  /** The word as people read it (lower case, accents kept), e.g. « théâtre ». */
  display: string;
  /** How many times it appears: the more frequent of two equally close words wins. */
  count: number;
}

/** Folded word (lower case, no diacritics) → how it is written. */
export type Vocabulary = ReadonlyMap<string, VocabularyWord>;

/** Words shorter than this are neither corrected nor suggested (« de », « la », « et »). */
const MIN_WORD_LENGTH = 3;

/**
 * Builds the vocabulary of these texts: each word once, in lower case with the accents it is most often written with
 * (« Théâtre » and « theatre » give « théâtre »). The search ignores case, so a suggestion needs none.
 */
export function buildVocabulary(texts: Iterable<string>): Vocabulary {
  const forms = new Map<string, Map<string, number>>();
  for (const text of texts) {
    for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word.length < MIN_WORD_LENGTH || /^\p{N}+$/u.test(word)) continue;
      const key = foldText(word);
      const seen = forms.get(key) ?? new Map<string, number>();
      seen.set(word, (seen.get(word) ?? 0) + 1);
      forms.set(key, seen);
    }
  }
  const vocabulary = new Map<string, VocabularyWord>();
  for (const [key, seen] of forms) {
    const [display] = [...seen].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    const count = [...seen.values()].reduce((n, c) => n + c, 0);
    vocabulary.set(key, { display, count });
  }
  return vocabulary;
}

/** How far a word may be from what was typed: one letter for short words, two from 5 letters, three from 9. */
export function maxDistance(length: number): number {
  return length >= 9 ? 3 : length >= 5 ? 2 : 1;
}

/** The vocabulary word closest to this folded word within reach, or null. */
function closest(word: string, vocabulary: Vocabulary): VocabularyWord | null {
  const reach = maxDistance(word.length);
  let best: { entry: VocabularyWord; distance: number } | null = null;
  for (const [key, entry] of vocabulary) {
    if (Math.abs(key.length - word.length) > reach) continue;
    const d = distance(word, key);
    if (d > reach) continue;
    if (
      !best ||
      d < best.distance ||
      (d === best.distance &&
        (entry.count > best.entry.count || (entry.count === best.entry.count && entry.display < best.entry.display)))
    ) {
      best = { entry, distance: d };
    }
  }
  return best?.entry ?? null;
}

/**
 * The search to suggest instead of `query`, or null: each word that is no prefix of a vocabulary word (the search
 * matches prefixes) replaced by its closest vocabulary word; null when no word could be corrected.
 */
export function suggestSearch(query: string, vocabulary: Vocabulary): string | null {
  const words = searchWords(query);
  if (words.length === 0) return null;
  const keys = [...vocabulary.keys()];
  let changed = false;
  const suggested = words.map((word) => {
    const folded = foldText(word);
    if (folded.length < MIN_WORD_LENGTH || keys.some((key) => key.startsWith(folded))) return word;
    const replacement = closest(folded, vocabulary);
    if (!replacement) return word;
    changed = true;
    return replacement.display;
  });
  return changed ? suggested.join(' ') : null;
}
