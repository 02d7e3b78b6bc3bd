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
