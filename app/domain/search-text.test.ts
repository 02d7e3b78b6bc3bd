import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanSearchText, SEARCH_FORBIDDEN, SEARCH_TOO_LONG, validateSearchText } from './search-text';

describe('texte de recherche (docs/specification.md §5)', () => {
  it('vide est valide et donne vide ; le texte est rogné', () => {
    expect(validateSearchText('')).toEqual({ ok: true, value: '' });
    expect(validateSearchText('   ')).toEqual({ ok: true, value: '' });
    expect(validateSearchText(null)).toEqual({ ok: true, value: '' });
    expect(validateSearchText('  Fête  ')).toEqual({ ok: true, value: 'Fête' });
  });

  it('au-delà de 500 caractères : refusé avec le message de la spécification', () => {
    expect(validateSearchText('a'.repeat(500))).toEqual({ ok: true, value: 'a'.repeat(500) });
    expect(validateSearchText('a'.repeat(501))).toEqual({ ok: false, error: SEARCH_TOO_LONG });
    expect(SEARCH_TOO_LONG).toBe('Recherche trop longue (maximum 500 caractères)');
    expect(validateSearchText(`  ${'a'.repeat(500)}  `).ok).toBe(true);
  });

  it.each([
    '<script>alert(1)</script>',
    '< / SCRIPT >',
    'javascript:void(0)',
    'JavaScript :x',
    'data:text/html;base64,xx',
    'vbscript:msgbox',
    'img onload=x',
    'x onerror=y',
    'button onClick',
    'eval(atob("x"))',
    'alert (1)',
    'document.cookie',
    'window.location',
    'el.innerHTML',
    'el . outerHTML',
    'docu&ment.cookie',
  ])('contenu de type script refusé : %s', (text) => {
    expect(validateSearchText(text)).toEqual({ ok: false, error: SEARCH_FORBIDDEN });
    expect(cleanSearchText(text)).toBe('');
  });

  it('retire < > \' " &, réduit les espaces ; l’apostrophe entre deux lettres devient l’apostrophe française', () => {
    expect(validateSearchText('Rock & "blues"  à   l\'Usine <3 \'')).toEqual({
      ok: true,
      value: 'Rock blues à l’Usine 3',
    });
    expect(cleanSearchText('marché\t\nde  Noël')).toBe('marché de Noël');
  });

  it('propriété : un texte accepté ne contient jamais de caractère interdit, d’espace double, ni plus de 500 caractères', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 700 }), (text) => {
        const result = validateSearchText(text);
        if (!result.ok) return;
        expect(result.value).not.toMatch(/[<>'"&]/);
        expect(result.value).not.toMatch(/\s{2,}/);
        expect(result.value).toBe(result.value.trim());
        expect(result.value.length).toBeLessThanOrEqual(500);
      }),
      { numRuns: 2000 },
    );
  });

  it('propriété : nettoyer deux fois revient à nettoyer une fois', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (text) => {
        const once = cleanSearchText(text);
        expect(cleanSearchText(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('propriété : tout texte contenant une balise script est refusé, quel que soit l’entourage', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (before, after) => {
        expect(validateSearchText(`${before}<script>${after}`).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('propriété : tout texte de plus de 500 caractères utiles est refusé pour sa longueur', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 501, maxLength: 900 }).filter((s) => s.trim().length > 500),
        (text) => {
          expect(validateSearchText(text)).toEqual({ ok: false, error: SEARCH_TOO_LONG });
        },
      ),
      { numRuns: 300 },
    );
  });
});
