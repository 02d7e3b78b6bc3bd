// The identity provider chosen by configuration: Firebase Auth with DATA_BACKEND=firestore, local otherwise.
import { getAuth } from 'firebase-admin/auth';
import { firebaseSettings, getConfig } from '../config';
import { getFirebaseApp } from '../firebase/app';
import { singleton } from '../singleton';
import { getStore } from '../store';
import { createFirebaseIdentity } from './firebase';
import { createLocalIdentity } from './local';
import type { IdentityProvider } from './ports';

export function getIdentity(): IdentityProvider {
  return singleton('identity', () => {
    const config = getConfig();
    if (config.DATA_BACKEND !== 'firestore') return createLocalIdentity(getStore(), config.SITE_URL);
    const settings = firebaseSettings(config);
    return createFirebaseIdentity({
      auth: getAuth(getFirebaseApp(config)),
      apiKey: settings.apiKey,
      siteUrl: config.SITE_URL,
      tokens: getStore().authTokens,
      emulatorHost: settings.authEmulatorHost,
    });
  });
}
