// The firebase-admin app (made once per process by services.ts): Firestore, Auth, Storage and Messaging.
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { firebaseAdmin } from '../adapters/firestore/firebase-admin';
import { type Config, firebaseSettings } from '../platform/config';

export function createFirebaseApp(config: Config, name = '[DEFAULT]'): App {
  const { applicationDefault, cert, initializeApp } = firebaseAdmin.app();
  const settings = firebaseSettings(config);
  // The inline service account key, or Application Default Credentials (Cloud Run); none with the emulators.
  const usesEmulators = Boolean(config.FIRESTORE_EMULATOR_HOST || config.FIREBASE_AUTH_EMULATOR_HOST);
  // With emulators, google-auth-library must not look for Google's metadata server (a request off this machine).
  if (usesEmulators) process.env.METADATA_SERVER_DETECTION ??= 'none';
  const credential = settings.serviceAccount
    ? cert(JSON.parse(settings.serviceAccount))
    : usesEmulators
      ? undefined
      : applicationDefault();
  return initializeApp(
    { projectId: settings.projectId, storageBucket: settings.storageBucket, ...(credential ? { credential } : {}) },
    name,
  );
}

/** Marks a client already set: the app's one Firestore may be opened by several service sets (tests), set once. */
const SETTLED = Symbol.for('agenda-romand.firestore-settled');

export function openFirestore(app: App): Firestore {
  const db = firebaseAdmin.firestore().getFirestore(app) as Firestore & { [SETTLED]?: true };
  if (db[SETTLED]) return db;
  // Optional fields are left out rather than refused; every reader supplies defaults.
  db.settings({ ignoreUndefinedProperties: true });
  db[SETTLED] = true;
  return db;
}
