import { describe, expect, it } from 'vitest';
import { keptInput, retryWhen, typedText } from './kept-input';

describe('la saisie gardée d’un envoi refusé (429, 503)', () => {
  it('montre ce qui a été écrit, pas les codes des listes ni les identifiants, et renvoie tout', () => {
    // The event form as an organizer sent it with only its title typed (an outside tester's 429 page showed « single »,
    // « weekly-1 », « monthday », « nouveau » and an organizer's id as « Ce que vous avez saisi »).
    const form = new FormData();
    for (const [name, value] of [
      ['csrf', 'jeton'],
      ['title', 'Test quota'],
      ['category', 'concert'],
      ['scheduleKind', 'single'],
      ['ruleRepeat', 'weekly-1'],
      ['ruleMonthly', 'monthday'],
      ['startDate', '2026-12-12'],
      ['venueId', 'nouveau'],
      ['venueName', 'Salle del Castillo'],
      ['canton', 'VD'],
      ['organizerId', 'yt8h1wkcysgu'],
      ['organizerName', 'Association des amis de l’orgue'],
      ['isFree', 'on'],
      ['password', 'secret'],
    ])
      form.append(name, value);
    const kept = keptInput(form);
    expect(kept && typedText(kept)).toBe(
      ['Test quota', '2026-12-12', 'Salle del Castillo', 'Association des amis de l’orgue'].join('\n\n'),
    );
    // « Réessayer l’envoi » sends every field again as it was, the choices included; never a password.
    expect(kept?.fields.map(([name]) => name)).toContain('organizerId');
    expect(kept?.fields.map(([name]) => name)).not.toContain('password');
  });

  it('une date d’inscription et l’heure où réessayer se lisent en français, jamais en ISO', () => {
    // The registration form of a date (an outside tester's 429 page showed « 2030-03-20T17:00:00.000Z »).
    const form = new FormData();
    for (const [name, value] of [
      ['startsAt', '2030-03-20T17:00:00.000Z'],
      ['name', 'Léa Rochat'],
      ['email', 'lea@exemple.ch'],
    ])
      form.append(name, value);
    const kept = keptInput(form);
    expect(kept && typedText(kept)).toBe('mercredi 20 mars 2030 à 18:00\n\nLéa Rochat\n\nlea@exemple.ch');
    expect(kept?.fields[0]).toEqual(['startsAt', '2030-03-20T17:00:00.000Z']);
    expect(retryWhen({ retryAt: '2030-03-20T14:42:10.000Z' })).toBe('à 15:42');
    expect(retryWhen({})).toBe('dans une minute');
  });
});
