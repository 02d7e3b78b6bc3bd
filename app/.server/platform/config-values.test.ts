// The settings as operators write them (issue 46): every form of TRUST_PROXY Express takes, and for every setting a
// refused value that names the setting and the values it takes, in French, instead of zod's English or a raw TypeError.
import express from 'express';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from './config';
import { SETTING_VALUES } from './config-messages';

const base = { DATA_DIR: process.env.DATA_DIR, SITE_URL: 'https://agenda.example' };

/** Express's compiled `trust proxy` for the configured value: does it trust this peer at this hop? */
function trusts(value: string, address: string, hop: number): boolean {
  const app = express();
  const { TRUST_PROXY } = loadConfig({ ...base, TRUST_PROXY: value });
  if (TRUST_PROXY) app.set('trust proxy', TRUST_PROXY);
  const trust = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  return trust(address, hop);
}

describe('TRUST_PROXY', () => {
  it('un nombre de proxys est un nombre : 1 fait confiance au proxy qui se connecte, quelle que soit son adresse', () => {
    // Express lisait la chaîne "1" comme l’adresse 0.0.0.1 : aucun proxy n’était cru.
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(trusts('1', '169.254.1.1', 0)).toBe(true);
    expect(trusts('1', '169.254.1.1', 1)).toBe(false);
    expect(trusts('2', '10.0.0.7', 1)).toBe(true);
    expect(trusts('2', '10.0.0.7', 2)).toBe(false);
  });

  it.each([
    ['true', true, ['203.0.113.9', 5], true],
    ['TRUE', true, ['203.0.113.9', 0], true],
    ['false', false, ['127.0.0.1', 0], false],
    ['loopback', ['loopback'], ['127.0.0.1', 0], true],
    ['loopback', ['loopback'], ['10.0.0.1', 0], false],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1'], ['10.9.8.7', 0], true],
    ['10.0.0.0/255.0.0.0', ['10.0.0.0/255.0.0.0'], ['10.9.8.7', 0], true],
    ['::1,fd00::/8', ['::1', 'fd00::/8'], ['fd12::1', 0], true],
    ['uniquelocal,linklocal', ['uniquelocal', 'linklocal'], ['169.254.3.4', 0], true],
  ] as const)('« %s » : Express le prend tel quel', (value, parsed, [address, hop], trusted) => {
    expect(loadConfig({ ...base, TRUST_PROXY: value }).TRUST_PROXY).toEqual(parsed);
    expect(trusts(value, address, hop)).toBe(trusted);
  });

  it('vide : aucun proxy', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
  });

  it.each([
    'yes',
    'oui',
    '1.5',
    '-1',
    '300.1.1.1',
    '10.0.0.0/33',
    '10.0.0.0/0',
    '10.0.0.0/255.0.255.0',
    'true, 1',
    'loopback,',
  ])('« %s » est refusé au démarrage d’une phrase en français qui dit ce que TRUST_PROXY prend', (value) => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(
      `Configuration invalide\u00a0: TRUST_PROXY vaut «\u00a0${value}\u00a0»\u00a0: il prend un nombre de proxys devant le serveur (1, 2…), true (tous), false (aucun), loopback`,
    );
  });

  it('derrière un proxy, SITE_URL est exigée : c’est l’hôte du site', () => {
    expect(() => loadConfig({ DATA_DIR: process.env.DATA_DIR, TRUST_PROXY: '2' })).toThrow(
      /^Configuration invalide\u00a0: TRUST_PROXY demande SITE_URL/,
    );
    expect(loadConfig({ DATA_DIR: process.env.DATA_DIR, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });
});

describe('chaque réglage refusé', () => {
  it('chaque réglage lu a sa phrase', () => {
    expect(SETTING_NAMES.filter((name) => !SETTING_VALUES[name])).toEqual([]);
  });

  const refused: [string, string][] = [
    ['NODE_ENV', 'prod'],
    ['PORT', 'huit-mille'],
    ['PORT', '70000'],
    ['WEB_CONCURRENCY', '0'],
    ['DATA_BACKEND', 'postgres'],
    ['SITE_URL', 'agenda-romand.ch'],
    ['SITE_URL', 'ftp://agenda-romand.ch'],
    ['SESSION_SECRET', 'court'],
    ['SEED_DEMO', 'oui'],
    ['SECURE_COOKIES', 'yes'],
    ['IMPORT_ALLOW_LOOPBACK', 'vrai'],
    ['SMTP_URL', 'mail.exemple.ch'],
    ['MAIL_FROM', 'personne'],
    ['CONTACT_TO', 'contact@'],
    ['PUBLIC_S_MAXAGE', '-1'],
    ['PUBLIC_SWR', '1e9'],
    ['PAGE_CACHE_MB', 'beaucoup'],
    ['JOBS_IN_PROCESS', 'peut-être'],
    ['JOBS_TOKEN', 'court'],
    ['HEADERS_TIMEOUT_SECONDS', '0'],
    ['REQUEST_TIMEOUT_SECONDS', '2.5'],
    ['IMPORT_MAX_EVENTS', '0'],
    ['IMPORT_MAX_DATES', '1'],
    ['MIN_FREE_DISK_MB', '-5'],
    ['BACKUP_KEEP', '0'],
    ['RATE_LIMIT_FORMS_PER_MINUTE', '0'],
    ['RATE_LIMIT_SIGNALS_PER_MINUTE', '0'],
    ['API_RATE_PER_MINUTE', 'illimité'],
    ['STRIPE_SECRET_KEY', ''],
    ['STRIPE_API_URL', 'file:///etc/passwd'],
    ['TRANSPORT_API_URL', 'transport.opendata.ch/v1'],
    ['DONATION_IBAN', 'CH00'],
    ['DONATION_CREDITOR_NAME', ' '],
    ['DONATION_CREDITOR_BUILDING', '12345678901234567'],
    ['DONATION_CREDITOR_ZIP', ''],
    ['DONATION_CREDITOR_CITY', 'x'.repeat(36)],
    ['DONATION_CREDITOR_COUNTRY', 'Suisse'],
    ['VAPID_SUBJECT', 'contact@exemple.ch'],
    ['ANALYTICS_SCRIPT_URL', 'http://stats.exemple.ch/s.js'],
    ['FIREBASE_SERVICE_ACCOUNT', 'cle.json'],
    ['FEDERATION', 'oui'],
    ['FEDERATION_QUEUE_POLL_MS', '10'],
    ['FEDERATION_RETRY_FIRST_MS', 'jamais'],
    ['FEDERATION_QUEUE_MAX', '0'],
  ];
  it.each(refused)('%s=%s : refusé en français, nommant le réglage', (name, value) => {
    let message = '';
    try {
      loadConfig({ ...base, [name]: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Configuration invalide\u00a0: ${name}[ \u00a0]`));
    // The values it takes, from its own message or the table; never zod's English.
    if (!/n’est pas|doit/.test(message)) expect(message).toContain(`il prend ${SETTING_VALUES[name]}.`);
    expect(message).not.toMatch(/Expected|Invalid|received|must|Too (big|small)|String/);
    // A secret's value never reaches the log.
    if (/SECRET|TOKEN|SERVICE_ACCOUNT|SMTP_URL/.test(name) && value) expect(message).not.toContain(value);
  });
});
