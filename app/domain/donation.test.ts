import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGE, amountSchema, checkoutSchema, formatChf, toCentimes } from './donation';

describe('montant d’un don', () => {
  it.each([
    ['25', 25],
    [' 25 ', 25],
    ['25.50', 25.5],
    ['25,50', 25.5],
    ['5', 5],
    ['10000', 10_000],
    ["1'000", 1000],
    ['1 000', 1000],
    ['CHF 50', 50],
    ['50.–', 50],
    ['7.05', 7.05],
  ])('accepte « %s » (%d francs)', (raw, expected) => {
    expect(amountSchema.parse(raw)).toBe(expected);
  });

  it.each(['4.99', '0', '10000.01', '25000', ''])('refuse « %s » : hors des limites', (raw) => {
    const result = amountSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(AMOUNT_MESSAGE);
  });

  it.each(['25.555', 'abc', '-10', '1e3', '25.5.5', '0x20'])('refuse « %s » : pas un montant en francs', (raw) => {
    const result = amountSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/^Indiquez un montant/);
  });

  it('compte les centimes sans erreur d’arrondi', () => {
    expect(toCentimes(25.1)).toBe(2510);
    expect(toCentimes(0.29)).toBe(29);
    expect(toCentimes(10_000)).toBe(1_000_000);
  });

  it('écrit les francs à la suisse', () => {
    expect(formatChf(25)).toBe('CHF 25.–');
    expect(formatChf(25.5)).toBe('CHF 25.50');
    expect(formatChf(10_000)).toMatch(/^CHF 10\s000\.–$/);
  });
});

describe('formulaire carte/TWINT', () => {
  it('garde le nom public seulement si le donateur le demande', () => {
    expect(checkoutSchema.parse({ montant: '25', nomPublic: 'Zoé' })).toEqual({ amount: 25, publicName: null });
    expect(checkoutSchema.parse({ montant: '25', public: 'oui', nomPublic: ' Zoé Favre ' })).toEqual({
      amount: 25,
      publicName: 'Zoé Favre',
    });
  });

  it('demande un nom quand la case est cochée', () => {
    const result = checkoutSchema.safeParse({ montant: '25', public: 'oui', nomPublic: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['nomPublic']);
  });
});
