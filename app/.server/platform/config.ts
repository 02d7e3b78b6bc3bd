// The environment, validated once at start-up (zod), with the defaults that make `npm start` work offline.
import fs from 'node:fs';
import path from 'node:path';
import { isIBANValid } from 'swissqrbill/utils';
import { z } from 'zod';
import { settingRefused } from './config-messages';
import {
  booleanFlag,
  isJsonObject,
  mailTransportProblem,
  optionalText,
  smtpUrlProblem,
  trustProxy,
} from './config-values';
import { FEDERATION_ENV } from './federation-settings';
import { DEFAULT_DATA_DIR, DEFAULT_MIN_FREE_DISK_MB, DEFAULT_PORT } from './process-settings';
import { persistedSecret } from './session-secret';
import { fileSystemProblem, StartupError } from './startup-checks';

export { createExclusively, SESSION_SECRET_FILE } from './session-secret';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(DEFAULT_PORT),
  HOST: z.string().default('0.0.0.0'),
  /** Processes serving HTTP (one per core by default in production, one in development). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATA_BACKEND: z.enum(['sqlite', 'firestore']).default('sqlite'),
  /** Public origin of the site, e.g. https://agenda-romand.ch (used in mails, feeds and canonical links). */
  SITE_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\/[^/]/.test(v))
    .optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  /** Seed demo content and demo accounts into an empty database. Set to false in production. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SECURE_COOKIES: booleanFlag,
  /** Tests only: lets the safe fetcher (imports) reach this machine (127.0.0.0/8, ::1). Never in production. */
  IMPORT_ALLOW_LOOPBACK: booleanFlag,
  /**
   * The proxies in front of the server whose X-Forwarded-* headers count (Express's `trust proxy`): behind Firebase
   * Hosting and Cloud Run, 2. Behind one, the site's host is SITE_URL's (request-host.ts).
   */
  TRUST_PROXY: trustProxy,
  /** Checked at start: a value that is not an SMTP address left every mail waiting, without a word (an operator's finding). */
  SMTP_URL: optionalText.superRefine((v, ctx) => {
    const problem = v === undefined ? null : smtpUrlProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  /**
   * How mails leave: `smtp` (through SMTP_URL) or `fichier` (written as .eml in DATA_DIR/outbox, sent by nobody).
   * Unset: smtp with SMTP_URL, else fichier; but on Firestore in production, where an instance's disk is thrown away
   * with it, a start without SMTP_URL must say fichier itself (issue 68: every mail was lost without a word).
   */
  MAIL_TRANSPORT: z.enum(['smtp', 'fichier']).optional(),
  MAIL_FROM: z.string().email().default('no-reply@agenda-romand.ch'),
  /** Where contact messages go when no admin account exists yet. */
  CONTACT_TO: z.string().email().default('contact@agenda-romand.ch'),
  /**
   * Shared caches (Firebase Hosting's CDN) keep an anonymous public page this many seconds, then serve it stale this
   * many more while fetching it again: a moderation decision shows there within their sum (decision 037).
   */
  PUBLIC_S_MAXAGE: z.coerce.number().int().min(0).max(86_400).default(30),
  PUBLIC_SWR: z.coerce.number().int().min(0).max(86_400).default(30),
  /** Memory of the in-process cache of anonymous public pages, per process, in megabytes (0: none). */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /**
   * Scheduled jobs (app/.server/jobs.ts): run by this process on their interval (default on SQLite: one server), or
   * only when called by `POST /taches/:name` with `Authorization: Bearer JOBS_TOKEN` (Cloud Scheduler on Firebase,
   * where instances come and go and several would run the same job). Without JOBS_TOKEN that endpoint does not exist.
   */
  JOBS_IN_PROCESS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1')),
  JOBS_TOKEN: z.string().min(32).optional(),
  /**
   * How long a client may take to send a request (issue 31): its headers, then the whole request with its body (an
   * 8 MB image over a slow mobile link fits in the default). Past it, a French 408 and the connection closed.
   */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /**
   * Calendar sources (decision 058): the events read from one feed per run, and the dates kept per series per run; what
   * is past either is named in the run log.
   */
  IMPORT_MAX_EVENTS: z.coerce.number().int().min(1).max(20_000).default(500),
  IMPORT_MAX_DATES: z.coerce.number().int().min(2).max(500).default(100),
  /**
   * The least free space on the disk of DATA_DIR for the server to start, and for /healthz to say it is ready, in
   * megabytes: below it, writes would soon fail halfway (decision 062).
   */
  MIN_FREE_DISK_MB: z.coerce.number().min(0).max(1_000_000).default(DEFAULT_MIN_FREE_DISK_MB),
  /**
   * A daily backup of the SQLite store, its images and secrets into this folder (`npm run backup` makes one on demand),
   * keeping the BACKUP_KEEP newest (decision 063). Unset: no automatic backup.
   */
  BACKUP_DIR: optionalText,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  /** POSTs allowed per IP and minute on public forms (contact, auth). */
  RATE_LIMIT_FORMS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Page views and clicks (the browser's signals of docs/specification.md §2) allowed per IP and minute, each kind. */
  RATE_LIMIT_SIGNALS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Requests per IP and minute on the public API (/api/v1) past the shared caches. */
  API_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** « Dernier retour » (docs/dernier-retour.md): the Swiss public-transport API asked for the connections home. */
  TRANSPORT_API_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\/[^/]/.test(v))
    .default('https://transport.opendata.ch/v1'),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().default('© les contributeurs d’OpenStreetMap'),
  /** Card and TWINT donations through Stripe Checkout: off without a secret key (the QR-bill always works). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API origin, e.g. http://127.0.0.1:12111 for a local stand-in (tests). */
  STRIPE_API_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v))
    .optional(),
  /** The association's account for QR-bills: a Swiss or Liechtenstein IBAN or QR-IBAN. */
  DONATION_IBAN: z
    .string()
    .default('CH93 0076 2011 6238 5295 7')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => /^(CH|LI)\d{2}[0-9A-Z]{17}$/.test(v) && isIBANValid(v), {
      message:
        'DONATION_IBAN n’est pas un IBAN suisse ou liechtensteinois valide (exemple : CH93 0076 2011 6238 5295 7).',
    }),
  DONATION_CREDITOR_NAME: z.string().trim().min(1).max(70).default('Association Agenda romand'),
  DONATION_CREDITOR_STREET: z.string().trim().min(1).max(70).default('Rue Centrale'),
  DONATION_CREDITOR_BUILDING: z.string().trim().max(16).default('1'),
  DONATION_CREDITOR_ZIP: z.string().trim().min(1).max(16).default('1003'),
  DONATION_CREDITOR_CITY: z.string().trim().min(1).max(35).default('Lausanne'),
  DONATION_CREDITOR_COUNTRY: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/)
    .default('CH'),
  /**
   * Web Push (VAPID) keys, both or neither: without them a pair is generated on first start and kept in
   * DATA_DIR/.vapid-keys.json. The public key is 65 bytes, the private key 32 bytes, both base64url.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY doit être une clé publique P-256 en base64url (87 caractères).')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY doit être une clé privée P-256 en base64url (43 caractères).')
    .optional(),
  /** Who push services may contact about our messages: a mailto: or https: URL (default: mailto:CONTACT_TO). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+|https:\/\/.+)$/, 'VAPID_SUBJECT doit commencer par mailto: ou https://.')
    .optional(),
  /**
   * An external analytics script (https URL), loaded only for visitors who accepted audience measurement; its
   * origin is then added to the CSP. Without it, only the built-in page counter runs.
   */
  ANALYTICS_SCRIPT_URL: z
    .string()
    .url()
    .refine((v) => v.startsWith('https://'), 'ANALYTICS_SCRIPT_URL doit être une adresse https://.')
    .optional(),
  // Firebase (DATA_BACKEND=firestore): Firestore, Auth, Storage and FCM through firebase-admin.
  FIREBASE_PROJECT_ID: optionalText,
  /** The web API key: Auth REST sign-in from the login action, and the web SDK (Google sign-in, FCM). */
  FIREBASE_API_KEY: optionalText,
  FIREBASE_STORAGE_BUCKET: optionalText,
  /** Google sign-in popup's domain; `<project>.firebaseapp.com` by default. */
  FIREBASE_AUTH_DOMAIN: optionalText,
  /** The service account's JSON key (inline); without it, Application Default Credentials (Cloud Run, GOOGLE_APPLICATION_CREDENTIALS). */
  FIREBASE_SERVICE_ACCOUNT: optionalText.refine((v) => v === undefined || isJsonObject(v), {
    message: 'FIREBASE_SERVICE_ACCOUNT doit être le contenu JSON de la clé du compte de service.',
  }),
  /** Web app id, sender id and VAPID public key of Firebase Cloud Messaging, for the browser's FCM token. */
  FIREBASE_APP_ID: optionalText,
  FIREBASE_MESSAGING_SENDER_ID: optionalText,
  FIREBASE_VAPID_KEY: optionalText,
  /** Emulators (host:port), read by firebase-admin itself; listed here to be validated and documented. */
  FIRESTORE_EMULATOR_HOST: optionalText,
  FIREBASE_AUTH_EMULATOR_HOST: optionalText,
  FIREBASE_STORAGE_EMULATOR_HOST: optionalText,
  ...FEDERATION_ENV,
});

/** What DATA_BACKEND=firestore cannot start without. */
export const FIREBASE_REQUIRED = ['FIREBASE_PROJECT_ID', 'FIREBASE_API_KEY', 'FIREBASE_STORAGE_BUCKET'] as const;
export const FIREBASE_INCOMPLETE = "Configuration Firebase incomplète. Vérifiez vos variables d'environnement.";

export type Config = z.infer<typeof envSchema> & { SESSION_SECRET: string; SITE_URL: string };

/** The Firebase settings of a configuration that uses Firebase (checked at start-up). */
export interface FirebaseSettings {
  projectId: string;
  apiKey: string;
  storageBucket: string;
  authDomain: string;
  serviceAccount: string | undefined;
  appId: string | undefined;
  messagingSenderId: string | undefined;
  vapidKey: string | undefined;
  authEmulatorHost: string | undefined;
}

export function firebaseSettings(config: Config): FirebaseSettings {
  if (!config.FIREBASE_PROJECT_ID || !config.FIREBASE_API_KEY || !config.FIREBASE_STORAGE_BUCKET) {
    throw new Error(FIREBASE_INCOMPLETE);
  }
  return {
    projectId: config.FIREBASE_PROJECT_ID,
    apiKey: config.FIREBASE_API_KEY,
    storageBucket: config.FIREBASE_STORAGE_BUCKET,
    authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
    serviceAccount: config.FIREBASE_SERVICE_ACCOUNT,
    appId: config.FIREBASE_APP_ID,
    messagingSenderId: config.FIREBASE_MESSAGING_SENDER_ID,
    vapidKey: config.FIREBASE_VAPID_KEY,
    authEmulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
  };
}

/** The names of the settings config.ts reads (each has its sentence in config-messages.ts). */
export const SETTING_NAMES = Object.keys(envSchema.shape);

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    // A message of the setting's own (it names it) is kept; any other, zod's English, becomes the sentence that names
    // the setting and the values it takes (config-messages.ts). One sentence per setting.
    const problems = [
      ...new Set(
        parsed.error.issues.map((i) => {
          const name = String(i.path[0] ?? '');
          return i.message.startsWith(name) ? i.message : settingRefused(name, source[name]);
        }),
      ),
    ].join('\u202f; ');
    throw new Error(`Configuration invalide\u00a0: ${problems}`);
  }
  const env = parsed.data;
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new Error(
      'Configuration invalide\u00a0: VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY vont ensemble (les deux, ou aucune pour les générer).',
    );
  }
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
    throw new Error(
      'Configuration invalide\u00a0: HEADERS_TIMEOUT_SECONDS ne peut dépasser REQUEST_TIMEOUT_SECONDS (les en-têtes font partie de la requête).',
    );
  }
  if (env.TRUST_PROXY && !env.SITE_URL) {
    throw new Error(
      'Configuration invalide\u00a0: TRUST_PROXY demande SITE_URL, l’adresse publique du site (par exemple https://agenda-romand.ch)\u00a0: derrière un proxy, c’est l’hôte du site, celui que X-Forwarded-Host doit nommer.',
    );
  }
  if (env.DATA_BACKEND === 'firestore') {
    const missing: string[] = FIREBASE_REQUIRED.filter((name) => !env[name]);
    // Several stateless instances must sign cookies with the same secret: none may invent its own.
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) missing.push('SESSION_SECRET');
    if (missing.length > 0) throw new Error(`${FIREBASE_INCOMPLETE} Manquantes : ${missing.join(', ')}.`);
  }
  const mailProblem = mailTransportProblem(env, env.DATA_BACKEND === 'firestore' && env.NODE_ENV === 'production');
  if (mailProblem) throw new Error(`Configuration invalide\u00a0: ${mailProblem}`);
  const dataDir = path.resolve(env.DATA_DIR);
  withDataDir(dataDir, () => fs.mkdirSync(dataDir, { recursive: true }));
  return {
    ...env,
    DATA_DIR: dataDir,
    BACKUP_DIR: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    SESSION_SECRET: env.SESSION_SECRET ?? withDataDir(dataDir, () => persistedSecret(dataDir)),
  };
}

/** The store the environment names, read without creating anything; null when the environment is invalid. */
export function configuredStore(source: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.pick({ DATA_BACKEND: true, DATA_DIR: true }).safeParse(source);
  return parsed.success ? { backend: parsed.data.DATA_BACKEND, dataDir: path.resolve(parsed.data.DATA_DIR) } : null;
}

/** A file system error on DATA_DIR (read-only, full, not writable) as a French StartupError. */
function withDataDir<T>(dataDir: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    const problem = fileSystemProblem(error, `le dossier de données DATA_DIR (${dataDir})`);
    if (problem) throw new StartupError(problem, { cause: error });
    throw error;
  }
}
