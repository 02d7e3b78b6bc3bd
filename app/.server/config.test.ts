import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { DATA_DIR: process.env.DATA_DIR };

describe('configuration des dons', () => {
  it('accepte l’IBAN par défaut et un QR-IBAN, espaces compris', () => {
    expect(loadConfig(base).DONATION_IBAN).toBe('CH9300762011623852957');
    expect(loadConfig({ ...base, DONATION_IBAN: 'CH44 3199 9123 0008 8901 2' }).DONATION_IBAN).toBe(
      'CH4431999123000889012',
    );
  });

  it.each([
    ['un chiffre de contrôle faux', 'CH93 0076 2011 6238 5295 8'],
    ['un IBAN étranger (la QR-facture n’accepte que CH et LI)', 'DE89 3704 0044 0532 0130 00'],
    ['n’importe quoi', 'pas-un-iban'],
  ])('refuse au démarrage %s, avec un message en français', (_, iban) => {
    expect(() => loadConfig({ ...base, DONATION_IBAN: iban })).toThrow(
      /DONATION_IBAN n’est pas un IBAN suisse ou liechtensteinois valide/,
    );
  });

  it('Stripe reste désactivé sans clé', () => {
    const config = loadConfig(base);
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => loadConfig({ ...base, STRIPE_API_URL: 'pas une url' })).toThrow(/STRIPE_API_URL/);
  });
});

describe('configuration du push et de la mesure d’audience', () => {
  it('les clés VAPID vont par paire ; sans elles, une paire est générée une fois dans DATA_DIR', async () => {
    const { vapidDetails } = await import('./push/vapid');
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(
      /VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: 'court', VAPID_PRIVATE_KEY: 'court' })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    const first = vapidDetails(loadConfig(base));
    const second = vapidDetails(loadConfig(base));
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second).toEqual(first);
    expect(first.subject).toBe('mailto:contact@agenda-romand.ch');
    const given = vapidDetails(
      loadConfig({
        ...base,
        VAPID_PUBLIC_KEY: 'B'.repeat(87),
        VAPID_PRIVATE_KEY: 'p'.repeat(43),
        VAPID_SUBJECT: 'https://agenda.exemple.ch',
      }),
    );
    expect(given).toEqual({
      publicKey: 'B'.repeat(87),
      privateKey: 'p'.repeat(43),
      subject: 'https://agenda.exemple.ch',
    });
  });

  it('le script d’audience externe doit être une adresse https', () => {
    expect(loadConfig(base).ANALYTICS_SCRIPT_URL).toBeUndefined();
    expect(() => loadConfig({ ...base, ANALYTICS_SCRIPT_URL: 'http://stats.exemple.ch/s.js' })).toThrow(/https/);
    expect(loadConfig({ ...base, ANALYTICS_SCRIPT_URL: 'https://stats.exemple.ch/s.js' }).ANALYTICS_SCRIPT_URL).toBe(
      'https://stats.exemple.ch/s.js',
    );
  });
});
