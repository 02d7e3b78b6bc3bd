// What the auth pages need to offer Google sign-in: the public web config of Firebase, or null (local identity).
import type { GoogleSignInConfig } from '~/components/GoogleSignIn';
import { firebaseSettings, getConfig } from '../config';

export function googleSignInConfig(): GoogleSignInConfig | null {
  const config = getConfig();
  if (config.DATA_BACKEND !== 'firestore') return null;
  const settings = firebaseSettings(config);
  return {
    apiKey: settings.apiKey,
    authDomain: settings.authDomain,
    projectId: settings.projectId,
    emulatorUrl: settings.authEmulatorHost ? `http://${settings.authEmulatorHost}` : null,
  };
}
