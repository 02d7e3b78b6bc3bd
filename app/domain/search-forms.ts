// The forms a searched word is looked for in (issue 70, decision 161): one rule, read by both stores (SQLite's FTS
// query, event-rows.ts ftsMatch; the Firestore mirror's tokens, event-index.ts). The indexes keep the words as written
// (lower case, without accents: FTS5 unicode61 remove_diacritics 2, the mirror's searchTokens); the query asks for each
// word in every form a text may write it: « chœur » and « choeur », « marchés » and « marché », « St » and « Saint »,
// « Bienne » and « Biel ». Any one of a word's forms is enough; every word stays required.
import { findLocality, normalizeTownName } from './localities';

export interface WordForm {
  /** Lower case, without accents; « œ »/« æ » kept in the forms that write them. */
  term: string;
  /** Matched as the beginning of a word (what was typed), or as a whole word (a form derived from it). */
  prefix: boolean;
}

/** Lower case, accents removed: what both indexes hold (a ligature stays a letter of its own, as FTS5 keeps it). */
export function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * « chœur » ↔ « choeur », « Cæsar » ↔ « caesar »: each « oe »/« ae » of the word joined or spelled out, every
 * combination up to three of them (a word has rarely more than one), the typed writing first.
 */
function ligatureForms(term: string): string[] {
  const parts = term
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .split(/(oe|ae)/);
  let forms = [''];
  const pairs = (parts.length - 1) / 2;
  parts.forEach((part, i) => {
    const choices = i % 2 === 0 ? [part] : pairs <= 3 ? [part, part === 'oe' ? 'œ' : 'æ'] : [part];
    forms = forms.flatMap((start) => choices.map((choice) => start + choice));
  });
  return [...new Set([term, ...forms])];
}

/**
 * The singular of a French plural, the plural of a singular the prefix does not reach: « marchés » → « marche »,
 * « chevaux » → « cheval », « jeux » → « jeu »; « cheval » → « chevaux ». Short words are left alone (« bus », « mas »).
 */
function numberForms(term: string): string[] {
  if (term.length < 4 || /\d/.test(term)) return [];
  if (term.endsWith('aux')) return [`${term.slice(0, -3)}al`];
  if (term.endsWith('al')) return [`${term.slice(0, -2)}aux`];
  if (/[^s][sx]$/.test(term)) return [term.slice(0, -1)];
  return [];
}

const SAINTS: Record<string, string> = { st: 'saint', saint: 'st', ste: 'sainte', sainte: 'ste' };

/** The other one-word names of a locality named by the word: « bienne » → biel, « genf » → geneve (the gazetteer's). */
function placeForms(term: string): string[] {
  if (term.length < 3 || /\d/.test(term)) return [];
  const locality = findLocality(term);
  if (!locality) return [];
  const names = [locality.name, ...locality.name.split('/'), ...(locality.aliases ?? [])]
    .map(normalizeTownName)
    .filter((name) => name !== '' && !name.includes(' '));
  return names.includes(term) ? names : [];
}

/** Every form a searched word is looked for in, the typed one first (a prefix), at most 24. */
export function wordForms(word: string): WordForm[] {
  const typed = foldWord(word);
  if (typed === '') return [];
  const forms = new Map<string, boolean>();
  const add = (term: string, prefix: boolean) => {
    for (const form of ligatureForms(term)) if (!forms.has(form)) forms.set(form, prefix);
  };
  add(typed, true);
  const plain = typed.replace(/œ/g, 'oe').replace(/æ/g, 'ae');
  for (const form of numberForms(plain)) add(form, false);
  if (SAINTS[plain]) add(SAINTS[plain], false);
  for (const form of placeForms(plain)) add(form, false);
  return [...forms].slice(0, 24).map(([term, prefix]) => ({ term, prefix }));
}

/** Whether an indexed token is one of the forms (a prefix form: its beginning; a whole-word form: the token). */
export const tokenMatches = (token: string, forms: readonly WordForm[]) =>
  forms.some((form) => (form.prefix ? token.startsWith(form.term) : token === form.term));
