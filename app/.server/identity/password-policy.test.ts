import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import list from './common-passwords.json';
import {
  isCommonPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  passwordProblem,
} from './password-policy';

const entries = list as string[];
const inList = new Set(entries);

describe('politique de mot de passe', () => {
  it('la liste livrée compte au moins 10 000 entrées, normalisées, de 8 à 128 caractères, sans doublon', () => {
    expect(entries.length).toBeGreaterThanOrEqual(10_000);
    expect(inList.size).toBe(entries.length);
    for (const entry of entries) {
      expect(entry).toBe(entry.normalize('NFC').toLowerCase());
      expect([...entry].length).toBeGreaterThanOrEqual(PASSWORD_MIN);
      expect([...entry].length).toBeLessThanOrEqual(PASSWORD_MAX);
    }
  });

  it('refuse les mots de passe courants, sans tenir compte de la casse', () => {
    for (const password of [
      'password',
      'password123',
      'Password123',
      'PASSWORD1',
      'iloveyou',
      '12345678',
      'motdepasse',
      'MotDePasse1',
      'AZERTYUIOP',
      'azerty123',
      'Lausanne',
      'servette',
      'Genève123',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(passwordProblem(password), password).toBe(PASSWORD_TOO_COMMON);
    }
  });

  it('normalise en NFC avant de comparer', () => {
    const decomposed = 'gene\u0300ve123'.normalize('NFD');
    expect(decomposed).not.toBe('genève123');
    expect(isCommonPassword('gene\u0300ve123')).toBe(inList.has('genève123'));
    expect(isCommonPassword('Gene\u0300ve123')).toBe(true);
  });

  it('ne retire pas les espaces : ils comptent', () => {
    expect(isCommonPassword(' password')).toBe(false);
    expect(isCommonPassword('password ')).toBe(false);
    expect(passwordProblem('password ')).toBeNull();
  });

  it('refuse moins de 8 caractères et plus de 128', () => {
    expect(passwordProblem('')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem('Xq7#vLp')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem('Xq7#vLp2')).toBeNull();
    expect(passwordProblem('a'.repeat(128))).toBeNull();
    expect(passwordProblem('a'.repeat(129))).toBe(PASSWORD_TOO_LONG);
    expect(passwordProblem('a'.repeat(100_000))).toBe(PASSWORD_TOO_LONG);
  });

  it('accepte une phrase de passe', () => {
    expect(passwordProblem('trois pommes vertes au marché de Vevey')).toBeNull();
  });

  it('compte les points de code, pas les unités UTF-16', () => {
    expect('🔒🔒🔒🔒'.length).toBe(8);
    expect(passwordProblem('🔒🔒🔒🔒')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem('🔒'.repeat(8))).toBeNull();
    expect(passwordProblem('🔒'.repeat(128))).toBeNull();
    expect(passwordProblem('🔒'.repeat(129))).toBe(PASSWORD_TOO_LONG);
  });

  it('accepte toute chaîne de 8 à 128 points de code absente de la liste', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }), (password) => {
        fc.pre(!inList.has(password.normalize('NFC').toLowerCase()));
        expect(passwordProblem(password)).toBeNull();
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuse toute entrée de la liste, quelle que soit la casse', () => {
    fc.assert(
      fc.property(fc.constantFrom(...entries), fc.boolean(), (entry, upper) => {
        expect(passwordProblem(upper ? entry.toUpperCase() : entry)).toBe(PASSWORD_TOO_COMMON);
      }),
      { numRuns: 1_000 },
    );
  });

  it('ne lève jamais d’exception', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ maxLength: 300 })),
        (password) => {
          const problem = passwordProblem(password);
          expect(problem === null || typeof problem === 'string').toBe(true);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
