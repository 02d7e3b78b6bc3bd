import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firebaseSettings, loadConfig } from './config';

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

  it('« Dernier retour » demande l’horaire à transport.opendata.ch, ou à l’adresse donnée', () => {
    expect(loadConfig(base).TRANSPORT_API_URL).toBe('https://transport.opendata.ch/v1');
    expect(loadConfig({ ...base, TRANSPORT_API_URL: 'http://127.0.0.1:5009/v1' }).TRANSPORT_API_URL).toBe(
      'http://127.0.0.1:5009/v1',
    );
  });
});

describe('configuration du push et de la mesure d’audience', () => {
  it('les clés VAPID vont par paire ; sans elles, une paire est générée une fois dans DATA_DIR', async () => {
    const { vapidDetails } = await import('../push/vapid');
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

describe('configuration Firebase', () => {
  const firebase = {
    ...base,
    DATA_BACKEND: 'firestore',
    FIREBASE_PROJECT_ID: 'agenda-romand',
    FIREBASE_API_KEY: 'AIza-test',
    FIREBASE_STORAGE_BUCKET: 'agenda-romand.firebasestorage.app',
  };

  // Issue 68: the documented deploy gave `<projet>.appspot.com`, the default bucket of projects created before October
  // 2024; a project created now has `<projet>.firebasestorage.app`, which the fixture above takes as the docs say.
  it('docs/firebase.md fait donner le bucket par défaut d’un projet créé aujourd’hui, et dit celui des anciens', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../../docs/firebase.md'), 'utf8');
    const deploy = doc.split('\n').filter((line) => line.includes('--set-env-vars DATA_BACKEND=firestore'));
    expect(deploy).toEqual([expect.stringContaining(',FIREBASE_STORAGE_BUCKET=<projet>.firebasestorage.app,')]);
    expect(doc).toMatch(/`<projet>\.appspot\.com` pour un projet plus ancien/);
  });

  it('avec DATA_BACKEND=firestore, le démarrage échoue en nommant chaque variable manquante', () => {
    expect(() => loadConfig({ ...base, DATA_BACKEND: 'firestore' })).toThrow(
      "Configuration Firebase incomplète. Vérifiez vos variables d'environnement. Manquantes : FIREBASE_PROJECT_ID, FIREBASE_API_KEY, FIREBASE_STORAGE_BUCKET.",
    );
    expect(() => loadConfig({ ...firebase, FIREBASE_API_KEY: '  ' })).toThrow(/Manquantes : FIREBASE_API_KEY\.$/);
  });

  it('complète, elle démarre ; le domaine d’authentification se déduit du projet', () => {
    const config = loadConfig(firebase);
    expect(firebaseSettings(config)).toMatchObject({
      projectId: 'agenda-romand',
      authDomain: 'agenda-romand.firebaseapp.com',
    });
  });

  it('en production, plusieurs instances doivent partager SESSION_SECRET', () => {
    expect(() => loadConfig({ ...firebase, NODE_ENV: 'production' })).toThrow(/Manquantes : SESSION_SECRET\.$/);
    const mails = { SMTP_URL: 'smtps://u:p@smtp.exemple.ch:465' };
    expect(
      loadConfig({ ...firebase, ...mails, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).SESSION_SECRET,
    ).toBe('x'.repeat(40));
  });

  // Issue 68: the documented deploy set no SMTP_URL; every verification and reset mail went to the container's disk.
  it('en production, sans SMTP_URL, le démarrage refuse en français, à moins que MAIL_TRANSPORT=fichier le choisisse', () => {
    const production = { ...firebase, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(production)).toThrow(
      /^Configuration invalide\u00a0: sur Firestore en production, SMTP_URL est requis\u00a0: .*jamais envoyés\. Donnez SMTP_URL .*ou MAIL_TRANSPORT=fichier/,
    );
    expect(loadConfig({ ...production, SMTP_URL: 'smtps://u:p@smtp.exemple.ch:465' }).SMTP_URL).toBe(
      'smtps://u:p@smtp.exemple.ch:465',
    );
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'fichier' }).MAIL_TRANSPORT).toBe('fichier');
    // Outside production (the emulators in development) and on SQLite (one disk that stays), the outbox by default.
    expect(loadConfig(firebase).SMTP_URL).toBeUndefined();
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).SMTP_URL).toBeUndefined();
    // A choice that contradicts itself is refused wherever it is made.
    expect(() => loadConfig({ ...base, MAIL_TRANSPORT: 'smtp' })).toThrow(/MAIL_TRANSPORT=smtp demande SMTP_URL/);
    expect(() =>
      loadConfig({ ...base, MAIL_TRANSPORT: 'fichier', SMTP_URL: 'smtps://u:p@smtp.exemple.ch:465' }),
    ).toThrow(/MAIL_TRANSPORT=fichier et SMTP_URL se contredisent/);
  });

  it('refuse une clé de compte de service qui n’est pas du JSON', () => {
    expect(() => loadConfig({ ...firebase, FIREBASE_SERVICE_ACCOUNT: 'chemin/vers/cle.json' })).toThrow(
      /FIREBASE_SERVICE_ACCOUNT doit être le contenu JSON/,
    );
  });

  it('SQLite (par défaut) n’en demande aucune', () => {
    expect(loadConfig(base).DATA_BACKEND).toBe('sqlite');
  });
});
