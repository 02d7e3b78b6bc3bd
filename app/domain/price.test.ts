import { describe, expect, it } from 'vitest';
import { formatAmount, formatPrice } from './price';

describe('prix', () => {
  it('s’affiche en CHF, en fourchette, ou Gratuit', () => {
    expect(formatPrice({ isFree: true, priceMin: null, priceMax: null })).toBe('Gratuit');
    expect(formatPrice({ isFree: false, priceMin: 25, priceMax: 25 })).toBe('CHF 25');
    expect(formatPrice({ isFree: false, priceMin: 15, priceMax: 35 })).toBe('CHF 15 – 35');
    expect(formatPrice({ isFree: false, priceMin: 12.5, priceMax: null })).toBe('CHF 12.50');
    expect(formatPrice({ isFree: false, priceMin: null, priceMax: null })).toBe('Prix non communiqué');
  });

  it('une fourchette avec des centimes les donne aux deux bouts ; le formulaire relit 25.50, pas 25.5', () => {
    expect(formatPrice({ isFree: false, priceMin: 15, priceMax: 25.5 })).toBe('CHF 15.00 – 25.50');
    expect(formatPrice({ isFree: false, priceMin: 7.5, priceMax: 10 })).toBe('CHF 7.50 – 10.00');
    expect(formatAmount(25.5)).toBe('25.50');
    expect(formatAmount(25)).toBe('25');
  });
});
