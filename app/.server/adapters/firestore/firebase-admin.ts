// The firebase-admin packages, each loaded on first use (platform/on-first-use.ts): on Firebase only, when the store
// or a Firebase service is first used. The SQLite server never holds firebase-admin nor the Google Cloud clients under
// it (about 50 MB a process, issue 50).
import { onFirstUse } from '../../platform/on-first-use';

export const firebaseAdmin = {
  app: onFirstUse<typeof import('firebase-admin/app')>('firebase-admin/app'),
  auth: onFirstUse<typeof import('firebase-admin/auth')>('firebase-admin/auth'),
  firestore: onFirstUse<typeof import('firebase-admin/firestore')>('firebase-admin/firestore'),
  messaging: onFirstUse<typeof import('firebase-admin/messaging')>('firebase-admin/messaging'),
  storage: onFirstUse<typeof import('firebase-admin/storage')>('firebase-admin/storage'),
};
