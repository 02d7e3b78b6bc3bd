import { describe, expect, it } from 'vitest';
import { quoted } from './quoted';

describe('quoted', () => {
  it('met entre guillemets français, sans doubler ceux qu’on a tapés ; ceux de l’intérieur deviennent “ ”', () => {
    expect(quoted('Horlogers')).toBe('«\u00a0Horlogers\u00a0»');
    expect(quoted('« Horlogers »')).toBe('«\u00a0Horlogers\u00a0»');
    expect(quoted('Théâtre du mercredi «\u00a0La Cantatrice chauve\u00a0» desk')).toBe(
      '«\u00a0Théâtre du mercredi “La Cantatrice chauve” desk\u00a0»',
    );
    expect(quoted('«\u00a0Le Misanthrope\u00a0» au Théâtre de Carouge')).toBe(
      '«\u00a0“Le Misanthrope” au Théâtre de Carouge\u00a0»',
    );
  });
});
