// The composition root: the one module that reads DATA_BACKEND and builds what the use cases depend on, once per
// process (docs/decisions/033-racine-de-composition.md). Routes receive it as `context.services`; the server and the
// scripts get it from here too. Each service is made on first use: a page that never sends a mail opens no SMTP
// connection, and the SQLite server never starts firebase-admin.
import path from 'node:path';
import type { App } from 'firebase-admin/app';
import { firebaseAdmin } from './adapters/firestore/firebase-admin';
import { createFirestoreStore } from './adapters/firestore/store';
import { openDatabase } from './adapters/sqlite/db';
import { createSqliteStore } from './adapters/sqlite/store';
import type { Database } from './database';
import { createStripeClient } from './donations/stripe';
import { observeEventWrites } from './federation/events-hook';
import { createFederationService } from './federation/service';
import { createDiskFileStore } from './files/disk';
import { createStorageFileStore } from './files/storage';
import { createFirebaseIdentity } from './identity/firebase';
import { createLocalIdentity } from './identity/local';
import { JOBS } from './jobs';
import { createMailTransport } from './mail/mailer';
import { createQueuedMailer } from './mail/queue';
import { createLiveHub } from './moderation/live';
import { type Config, firebaseSettings, loadConfig } from './platform/config';
import { countLimitsIn } from './platform/limiter';
import { createSafeFetch } from './platform/safe-fetch';
import { guardStorage } from './platform/storage-failure';
import { createPushTransport } from './push';
import { createFirebaseApp, openFirestore } from './server/firebase-app';
import { firestoreLimiter } from './server/firestore-limits';
import { createJobControl } from './server/job-runner';
import type { Services } from './service-types';

export type { Database, Services };

/** The version NodeInfo announces. */
const FEDERATION_VERSION = '0.1.0';

/** The server runs its jobs itself unless configured otherwise: on SQLite (one server), not on Firestore. */
export function jobsRunInProcess(config: Config): boolean {
  return config.JOBS_IN_PROCESS ?? config.DATA_BACKEND === 'sqlite';
}

/** A property computed on first read, then kept on the object. */
function lazy<T extends object, K extends keyof T>(target: T, key: K, make: () => T[K]): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = make();
      Object.defineProperty(target, key, { value, enumerable: true });
      return value;
    },
  });
}

/** The SQLite database, in DATA_DIR. */
export const SQLITE_FILE = 'agenda.sqlite';

export function createServices(config: Config = loadConfig()): Services {
  const onFirebase = config.DATA_BACKEND === 'firestore';
  const firebase = onFirebase ? firebaseSettings(config) : null;
  let firebaseApp: App | undefined;
  // One firebase-admin app per process, even when tests build several service sets.
  const app = () => {
    firebaseApp ??=
      firebaseAdmin
        .app()
        .getApps()
        .find((a) => a.name === '[DEFAULT]') ?? createFirebaseApp(config);
    return firebaseApp;
  };
  const uploadsDir = onFirebase ? null : path.join(config.DATA_DIR, 'uploads');
  const services = {
    config,
    firebase,
    uploadsDir,
    jobsInProcess: jobsRunInProcess(config),
    async close() {
      // Only what was built: the store first (Firestore's listeners must stop before the client ends), then the database.
      const built = (key: keyof Services) => 'value' in (Object.getOwnPropertyDescriptor(services, key) ?? {});
      if (built('store')) await services.store.close();
      if (!built('database')) return;
      const { database } = services;
      if (database.kind === 'sqlite') {
        if (database.db.open) database.db.close();
      } else await database.db.terminate();
    },
  } as Services;
  // On Firestore, the rate limits count in the store, for every instance together (decision 111).
  countLimitsIn(
    onFirebase
      ? (options) =>
          firestoreLimiter(() => {
            const { database } = services;
            if (database.kind !== 'firestore') throw new Error('Firestore attendu');
            return database.db;
          }, options)
      : null,
  );
  lazy(
    services,
    'database',
    (): Database =>
      onFirebase
        ? { kind: 'firestore', db: openFirestore(app()) }
        : { kind: 'sqlite', db: openDatabase(path.join(config.DATA_DIR, SQLITE_FILE)) },
  );
  // A storage failure (full or read-only disk, Firestore unreachable) is one error, answered by a French 503 that
  // gives back what was typed (platform/storage-failure.ts).
  lazy(services, 'store', () => {
    const { database } = services;
    const store = guardStorage(
      database.kind === 'firestore' ? createFirestoreStore(database.db) : createSqliteStore(database.db),
    );
    // With the federation on, each event written is published after the answer (decision 088), and the actor of a
    // merged venue or organizer moves to the one kept (decision 096).
    const { federation } = services;
    return federation
      ? observeEventWrites(
          store,
          (id) => federation.eventWritten(id),
          (merge) => federation.placeMerged(merge),
        )
      : store;
  });
  lazy(services, 'federation', () =>
    config.FEDERATION ? createFederationService(config, () => services.store, FEDERATION_VERSION) : null,
  );
  lazy(services, 'identity', () =>
    firebase
      ? createFirebaseIdentity({
          auth: firebaseAdmin.auth().getAuth(app()),
          apiKey: firebase.apiKey,
          siteUrl: config.SITE_URL,
          tokens: services.store.authTokens,
          emulatorHost: firebase.authEmulatorHost,
        })
      : createLocalIdentity(services.store, config.SITE_URL),
  );
  lazy(services, 'files', () =>
    guardStorage(
      firebase
        ? createStorageFileStore(firebaseAdmin.storage().getStorage(app()).bucket(firebase.storageBucket))
        : createDiskFileStore(uploadsDir ?? ''),
    ),
  );
  // The Firebase app is only opened when FCM is chosen.
  lazy(services, 'push', () =>
    createPushTransport(
      config,
      firebase,
      () => firebaseAdmin.messaging().getMessaging(app()),
      () => services.store.federation,
    ),
  );
  lazy(services, 'jobs', () => createJobControl(services, () => JOBS));
  lazy(services, 'mailer', () => createQueuedMailer(services.store, { wake: () => services.jobs.wake('mails') }));
  lazy(services, 'mailTransport', () => createMailTransport(config));
  lazy(services, 'fetchText', () => createSafeFetch({ allowLoopback: config.IMPORT_ALLOW_LOOPBACK }));
  lazy(services, 'live', () => createLiveHub(services.store));
  lazy(services, 'stripe', () =>
    config.STRIPE_SECRET_KEY ? createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL) : null,
  );
  lazy(services, 'googleSignIn', () =>
    firebase
      ? {
          apiKey: firebase.apiKey,
          authDomain: firebase.authDomain,
          projectId: firebase.projectId,
          emulatorUrl: firebase.authEmulatorHost ? `http://${firebase.authEmulatorHost}` : null,
        }
      : null,
  );
  return services;
}

let current: Services | undefined;

/** This process's services, built from the environment on first use. */
export function getServices(): Services {
  current ??= createServices();
  return current;
}
