import { describe, expect, it } from 'vitest';
import { consentFor } from './consent';

const now = new Date('2026-03-02T10:00:00.000Z');

describe('choix de cookies (docs/specification.md §4)', () => {
  it('tout accepter active mesure d’audience, marketing et fonctionnels, quoi qu’il soit coché', () => {
    expect(consentFor('accept-all', { analytics: false }, now)).toEqual({
      preferences: { necessary: true, analytics: true, marketing: true, functional: true },
      date: '2026-03-02T10:00:00.000Z',
    });
  });

  it('nécessaires uniquement les désactive tous ; les nécessaires restent actifs', () => {
    expect(consentFor('necessary-only', { analytics: true, marketing: true }, now)?.preferences).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
  });

  it('sauvegarder garde exactement ce qui est coché', () => {
    expect(consentFor('save', { analytics: true, functional: true }, now)?.preferences).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      functional: true,
    });
  });

  it('réinitialiser efface le choix (le bandeau revient)', () => {
    expect(consentFor('reset', { analytics: true }, now)).toBeNull();
  });
});
