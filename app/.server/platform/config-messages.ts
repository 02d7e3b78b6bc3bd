// What each setting of the environment takes, in French: the sentence a start refused for a bad value shows (issue 46),
// naming the setting, the value given (unless it is a secret) and the values it takes; never zod's English.

const FLAG = 'true ou false (1 ou 0 aussi ; vide\u00a0: false)';
const EMAIL = 'une adresse email (par exemple contact@agenda-romand.ch)';
const URL_HTTP = 'une adresse http:// ou https://';
const integer = (from: number, to: number, unit = '') =>
  `un nombre entier${unit ? ` de ${unit}` : ''}, de ${from} à ${to}`;

/** The values each setting takes; a setting of config.ts without one fails config.test.ts. */
export const SETTING_VALUES: Readonly<Record<string, string>> = {
  NODE_ENV: 'development, production ou test',
  PORT: integer(1, 65535),
  HOST: 'une adresse d’écoute (0.0.0.0, 127.0.0.1, ::)',
  WEB_CONCURRENCY: integer(1, 64, 'processus'),
  DATA_DIR: 'le chemin d’un dossier',
  DATA_BACKEND: 'sqlite ou firestore',
  SITE_URL: 'l’adresse publique du site, en http:// ou https:// (par exemple https://agenda-romand.ch)',
  SESSION_SECRET: 'un secret d’au moins 32 caractères',
  SEED_DEMO: 'true ou false',
  SECURE_COOKIES: FLAG,
  IMPORT_ALLOW_LOOPBACK: FLAG,
  TRUST_PROXY:
    'un nombre de proxys devant le serveur (1, 2…), true (tous), false (aucun), loopback, linklocal, uniquelocal, ou des adresses IP et des plages CIDR séparées par des virgules (par exemple 10.0.0.0/8, 127.0.0.1)',
  SMTP_URL:
    'une adresse smtp:// ou smtps:// avec le nom du serveur (par exemple smtps://utilisateur:motdepasse@smtp.exemple.ch:465)',
  MAIL_TRANSPORT: 'smtp (par SMTP_URL) ou fichier (des .eml dans DATA_DIR/outbox, rien n’est envoyé)',
  MAIL_FROM: EMAIL,
  CONTACT_TO: EMAIL,
  PUBLIC_S_MAXAGE: integer(0, 86_400, 'secondes'),
  PUBLIC_SWR: integer(0, 86_400, 'secondes'),
  PAGE_CACHE_MB: 'un nombre de mégaoctets, de 0 (aucun cache) à 4096',
  JOBS_IN_PROCESS: 'true ou false (1 ou 0 aussi ; vide\u00a0: selon le stockage)',
  JOBS_TOKEN: 'un jeton d’au moins 32 caractères',
  HEADERS_TIMEOUT_SECONDS: integer(1, 600, 'secondes'),
  REQUEST_TIMEOUT_SECONDS: integer(1, 3600, 'secondes'),
  IMPORT_MAX_EVENTS: integer(1, 20_000),
  IMPORT_MAX_DATES: integer(2, 500),
  MIN_FREE_DISK_MB: 'un nombre de mégaoctets, de 0 à 1000000',
  BACKUP_DIR: 'le chemin d’un dossier',
  BACKUP_KEEP: integer(1, 365),
  RATE_LIMIT_FORMS_PER_MINUTE: 'un nombre entier d’au moins 1',
  RATE_LIMIT_SIGNALS_PER_MINUTE: 'un nombre entier d’au moins 1',
  API_RATE_PER_MINUTE: 'un nombre entier d’au moins 1',
  TRANSPORT_API_URL:
    'l’adresse http:// ou https:// de l’API des transports publics (par défaut https://transport.opendata.ch/v1)',
  MAP_TILE_URL: 'l’adresse des tuiles de la carte, avec {z}, {x} et {y}',
  MAP_ATTRIBUTION: 'le texte d’attribution de la carte',
  STRIPE_SECRET_KEY: 'la clé secrète de Stripe (absente\u00a0: pas de paiement par carte)',
  STRIPE_WEBHOOK_SECRET: 'le secret des webhooks de Stripe',
  STRIPE_API_URL: URL_HTTP,
  DONATION_IBAN: 'un IBAN suisse ou liechtensteinois valide (par exemple CH93 0076 2011 6238 5295 7)',
  DONATION_CREDITOR_NAME: 'un nom de 1 à 70 caractères',
  DONATION_CREDITOR_STREET: 'une rue de 1 à 70 caractères',
  DONATION_CREDITOR_BUILDING: 'un numéro d’au plus 16 caractères',
  DONATION_CREDITOR_ZIP: 'un code postal de 1 à 16 caractères',
  DONATION_CREDITOR_CITY: 'une localité de 1 à 35 caractères',
  DONATION_CREDITOR_COUNTRY: 'un code de pays de deux lettres majuscules (CH, LI…)',
  VAPID_PUBLIC_KEY: 'une clé publique P-256 en base64url (87 caractères)',
  VAPID_PRIVATE_KEY: 'une clé privée P-256 en base64url (43 caractères)',
  VAPID_SUBJECT: 'une adresse mailto: ou https://',
  ANALYTICS_SCRIPT_URL: 'une adresse https://',
  FIREBASE_PROJECT_ID: 'l’identifiant du projet Firebase',
  FIREBASE_API_KEY: 'la clé d’API web de Firebase',
  FIREBASE_STORAGE_BUCKET: 'le nom du bucket de Firebase Storage',
  FIREBASE_AUTH_DOMAIN: 'le domaine d’authentification de Firebase',
  FIREBASE_SERVICE_ACCOUNT: 'le contenu JSON de la clé du compte de service',
  FIREBASE_APP_ID: 'l’identifiant de l’application web Firebase',
  FIREBASE_MESSAGING_SENDER_ID: 'l’identifiant d’expéditeur de Firebase Cloud Messaging',
  FIREBASE_VAPID_KEY: 'la clé VAPID publique de Firebase Cloud Messaging',
  FIRESTORE_EMULATOR_HOST: 'hôte:port de l’émulateur',
  FIREBASE_AUTH_EMULATOR_HOST: 'hôte:port de l’émulateur',
  FIREBASE_STORAGE_EMULATOR_HOST: 'hôte:port de l’émulateur',
  FEDERATION: 'on ou off (true, false, 1 ou 0 aussi ; vide\u00a0: off)',
  FEDERATION_TEST_MODE: 'on ou off (true, false, 1 ou 0 aussi ; vide\u00a0: off)',
  FEDERATION_QUEUE_POLL_MS: integer(50, 60_000, 'millisecondes'),
  FEDERATION_RETRY_FIRST_MS: integer(10, 3_600_000, 'millisecondes'),
  FEDERATION_QUEUE_MAX: integer(1, 10_000_000),
};

/** Settings whose value never appears in a message (it would reach the logs). */
const SECRET = /SECRET|TOKEN|PRIVATE|SERVICE_ACCOUNT|SMTP_URL|API_KEY/;

/** « NAME vaut « value » : il prend … »: one sentence for a refused setting. */
export function settingRefused(name: string, value: string | undefined): string {
  const given = value === undefined || SECRET.test(name) ? '' : ` vaut «\u00a0${value.slice(0, 100)}\u00a0»`;
  const values = SETTING_VALUES[name] ?? 'une autre valeur';
  return `${name}${given}\u00a0: il prend ${values}.`;
}
