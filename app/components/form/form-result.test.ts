// How the pages read the server's answer to a refused form, conform's reply, without translating it (decision 078).
import { describe, expect, it } from 'vitest';
import { checkoutSchema } from '~/domain/donation';
import { eventFormSchema } from '~/domain/event-form';
import { SCHEDULE_FIELDS } from '~/domain/schedule-form';
import { fieldOrder } from './form-shape';
import { firstMessages, formMessage, isRefusal, keptValues } from './use-app-form';

const refusal = {
  status: 'error' as const,
  initialValue: { label: 'Jeux', color: '#1f5f8b' },
  error: { '': ['Action inconnue.'], slug: ['Le slug est déjà pris.', 'Trop court.'] },
  fields: ['label', 'slug', 'description', 'color'],
};

describe('la réponse de conform, lue par les pages', () => {
  it('un refus se reconnaît à son statut ; une réponse d’import ou de réussite n’en est pas un', () => {
    expect(isRefusal(refusal)).toBe(true);
    expect(isRefusal({ ok: true, card: 'profile', message: 'Profil enregistré.' })).toBe(false);
    expect(isRefusal({ importUrl: 'https://exemple.ch', imported: null })).toBe(false);
    expect(isRefusal(null)).toBe(false);
  });

  it('la saisie gardée compte les champs envoyés vides (conform les omet), le message du formulaire est à part', () => {
    expect(keptValues(refusal)).toEqual({ label: 'Jeux', slug: '', description: '', color: '#1f5f8b' });
    expect(formMessage(refusal)).toBe('Action inconnue.');
    expect(firstMessages(refusal)).toEqual({ '': 'Action inconnue.', slug: 'Le slug est déjà pris.' });
    expect(keptValues({ ok: true })).toBeUndefined();
  });

  it('le résumé des erreurs suit l’ordre des champs du schéma, même sous une transformation', () => {
    expect(fieldOrder(checkoutSchema)).toEqual(['montant', 'public', 'nomPublic']);
    const event = fieldOrder(eventFormSchema());
    expect(event.slice(0, 3)).toEqual(['title', 'category', 'description']);
    expect(event.indexOf('organizerName')).toBeLessThan(event.indexOf('websiteUrl'));
    expect(SCHEDULE_FIELDS.some((field) => event.includes(field))).toBe(false);
  });
});
