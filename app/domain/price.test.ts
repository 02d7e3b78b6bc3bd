import { describe, expect, it } from 'vitest';
import { formatPrice } from './price';

describe('prix', () => {
  it('s’affiche en CHF, en fourchette, ou Gratuit', () => {
    expect(formatPrice({ isFree: true, priceMin: null, priceMax: null })).toBe('Gratuit');
    expect(formatPrice({ isFree: false, priceMin: 25, priceMax: 25 })).toBe('CHF 25');
    expect(formatPrice({ isFree: false, priceMin: 15, priceMax: 35 })).toBe('CHF 15 – 35');
    expect(formatPrice({ isFree: false, priceMin: 12.5, priceMax: null })).toBe('CHF 12.50');
    expect(formatPrice({ isFree: false, priceMin: null, priceMax: null })).toBe('Prix non communiqué');
  });
});
