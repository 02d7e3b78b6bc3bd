// The word diff of an edit: what a moderator reads instead of two whole texts side by side.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactDiff, type DiffPart, diffWords } from './text-diff';

const side = (parts: DiffPart[], drop: 'removed' | 'added') =>
  parts
    .filter((p) => p.kind !== drop)
    .map((p) => p.text)
    .join('');

describe('ce qui a changé, mot à mot', () => {
  it('un mot changé dans une phrase : barré, puis ajouté, le reste tel quel', () => {
    expect(diffWords('Concert de chœurs à 20:00', 'Concert de chœurs à 20:30')).toEqual([
      { kind: 'same', text: 'Concert de chœurs à ' },
      { kind: 'removed', text: '20:00' },
      { kind: 'added', text: '20:30' },
    ]);
  });

  it('une phrase remplacée se lit d’un bloc : barrée entière, puis ajoutée entière', () => {
    expect(diffWords('Entrée libre, chapeau à la sortie.', 'Entrée 20 francs, gratuit pour les enfants.')).toEqual([
      { kind: 'same', text: 'Entrée ' },
      { kind: 'removed', text: 'libre, chapeau à la sortie.' },
      { kind: 'added', text: '20 francs, gratuit pour les enfants.' },
    ]);
  });

  it('chaque côté se relit tel qu’il était, quels que soient les textes', () => {
    const text = fc.array(fc.constantFrom('le', 'marché', 'de', 'Noël', ' ', '\n\n', 'vin', 'chaud', '20:00'), {
      maxLength: 40,
    });
    fc.assert(
      fc.property(text, text, (a, b) => {
        const [before, after] = [a.join(' '), b.join(' ')];
        const parts = diffWords(before, after);
        expect(side(parts, 'added')).toBe(before);
        expect(side(parts, 'removed')).toBe(after);
      }),
      { numRuns: 500 },
    );
  });

  it('une longue description dont une phrase change : la phrase et ses alentours, « … » pour le reste', () => {
    const start = Array.from({ length: 60 }, (_, i) => `mot${i}`).join(' ');
    const end = Array.from({ length: 60 }, (_, i) => `fin${i}`).join(' ');
    const parts = compactDiff(diffWords(`${start} ancien ${end}`, `${start} nouveau ${end}`));
    expect(parts.map((p) => p.kind)).toEqual(['cut', 'same', 'removed', 'added', 'same', 'cut']);
    expect(parts.find((p) => p.kind === 'removed')?.text).toBe('ancien');
    expect(side(parts, 'added').length).toBeLessThan(200);
  });
});
