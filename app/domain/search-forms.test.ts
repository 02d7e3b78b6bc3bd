// Issue 70, decision 161: a searched word is looked for in every form a text may write it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldWord, tokenMatches, wordForms } from './search-forms';

/** The tokens an index holds for a text (both stores: lower case, accents removed, ligatures kept). */
const tokens = (text: string) =>
  foldWord(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
/** Whether a text is found by a search of one word. */
const finds = (word: string, text: string) => tokens(text).some((t) => tokenMatches(t, wordForms(word)));

describe('les formes d’un mot cherché', () => {
  it('ligatures, accents et casse : « chœur », « choeur », « CHOEUR » se trouvent l’un l’autre', () => {
    for (const text of ['Chœur mixte', 'Choeur mixte', 'CHŒUR', 'Le chœur d’hommes'])
      for (const word of ['chœur', 'choeur', 'CHOEUR', 'Chœur', 'choe'])
        expect(finds(word, text), `${word} / ${text}`).toBe(true);
    expect(finds('caesar', 'Cæsar Franck')).toBe(true);
    expect(finds('Cæsar', 'Caesar Franck')).toBe(true);
  });

  it('le pluriel trouve le singulier, le singulier le pluriel', () => {
    expect(finds('marchés', 'Marché de Noël')).toBe(true);
    expect(finds('marche', 'Les marchés du samedi')).toBe(true);
    expect(finds('chevaux', 'Concours de cheval')).toBe(true);
    expect(finds('cheval', 'Fête des chevaux')).toBe(true);
    expect(finds('jeux', 'Soirée jeu de société')).toBe(true);
    expect(finds('chœurs', 'Le chœur de Bulle')).toBe(true);
    // A derived form is a whole word: « mars » does not become every word that starts with « mar ».
    expect(finds('mars', 'Mardi au marché')).toBe(false);
  });

  it('« St » et « Saint », « Ste » et « Sainte »', () => {
    expect(finds('saint', 'Foire de St-Martin')).toBe(true);
    expect(finds('st', 'Foire de Saint-Martin')).toBe(true);
    expect(finds('ste', 'Sainte-Croix en fête')).toBe(true);
    expect(finds('sainte', 'Ste-Croix en fête')).toBe(true);
  });

  it('les noms bilingues du répertoire : « Bienne » et « Biel », « Genf » et « Genève »', () => {
    expect(finds('bienne', 'Festival de Biel')).toBe(true);
    expect(finds('Biel', 'Braderie de Bienne')).toBe(true);
    expect(finds('genf', 'Fêtes de Genève')).toBe(true);
    expect(finds('Sitten', 'Marché de Sion')).toBe(true);
  });

  it('propriété : un texte trouvé par un mot l’est par ses variantes pliées et au pluriel', () => {
    const letters = fc.constantFrom(...'abcdefghijlmnoprtuvéèêàçôœæ'.split(''));
    const word = fc.array(letters, { minLength: 4, maxLength: 10 }).map((l) => l.join(''));
    // Variants a visitor types: with or without accents, ligatures spelled out or joined, in capitals, plural.
    const variants = (w: string) => {
      const plain = foldWord(w);
      const spelled = plain.replace(/œ/g, 'oe').replace(/æ/g, 'ae');
      const joined = spelled.replace(/oe/g, 'œ').replace(/ae/g, 'æ');
      const plural = /[sx]$/.test(spelled) || spelled.endsWith('al') ? [] : [`${w}s`, `${spelled}s`];
      return [w, plain, spelled, joined, w.toUpperCase(), ...plural];
    };
    fc.assert(
      fc.property(word, fc.constantFrom('Grand ', 'Le ', ''), (w, before) => {
        // Up to three « oe »/« ae » in a word (the forms' bound; French words have one at most).
        fc.pre((foldWord(w).replace(/œ/g, 'oe').replace(/æ/g, 'ae').match(/oe|ae/g) ?? []).length <= 3);
        const text = `${before}${w} au village`;
        if (!finds(w, text)) return false;
        return variants(w).every((v) => finds(v, text));
      }),
      { numRuns: 500 },
    );
  });
});
