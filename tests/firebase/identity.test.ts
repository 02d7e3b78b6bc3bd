// The Firebase Auth identity adapter against the Auth emulator of firebase-tools (started by `npm run test:firebase`),
// with profiles in Firestore (in-process emulator): the account journeys of docs/specification.md §7.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountDeps,
  changePassword,
  deleteAccount,
  isResetTokenValid,
  registerAccount,
  requestPasswordReset,
  resetPassword,
  signInExternal,
  verifyEmail,
} from '../../app/.server/accounts/accounts';
import { authenticate } from '../../app/.server/accounts/login';
import { createFirestoreStore, type FirestoreStore } from '../../app/.server/adapters/firestore/store';
import { createFirebaseIdentity } from '../../app/.server/identity/firebase';
import type { IdentityProvider } from '../../app/.server/identity/ports';
import { WRONG_CURRENT_PASSWORD } from '../../app/domain/auth';
import { EMULATOR_PROJECT_ID } from '../support/firebase-emulators';
import { freshFirestore } from '../support/firestore-emulator';
import { deliveringMailer } from '../unit/memory-store';

const SITE = 'https://agenda.test';
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

let auth: Auth;
let identity: IdentityProvider;
let store: FirestoreStore;
let mailer: ReturnType<typeof deliveringMailer>;
let deps: AccountDeps;
let dispose: () => Promise<void>;

beforeAll(async () => {
  if (!authHost || !process.env.FIRESTORE_EMULATOR_HOST) {
    throw new Error('Ces tests demandent les émulateurs Firebase : lancez-les avec `npm run test:firebase`.');
  }
  const app = initializeApp({ projectId: EMULATOR_PROJECT_ID }, `identity-${Date.now()}`);
  auth = getAuth(app);
  // Profiles in a Firestore project of their own: the Firestore journey seeds the emulator's main project.
  const firestore = await freshFirestore('identity');
  store = createFirestoreStore(firestore.db);
  await store.ready();
  identity = createFirebaseIdentity({
    auth,
    apiKey: 'demo-key',
    siteUrl: SITE,
    tokens: store.authTokens,
    emulatorHost: authHost,
  });
  mailer = deliveringMailer(store, { siteUrl: SITE, identity });
  deps = { store, mailer, config: { SITE_URL: SITE }, identity };
  dispose = async () => {
    await store.close();
    await firestore.dispose();
    await deleteApp(app);
  };
});
afterAll(() => dispose());

const unique = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemple.ch`;
const lastLink = (to: string, path: string) => {
  const mail = mailer.sent.filter((m) => m.to === to).at(-1);
  const url = mail?.text.match(new RegExp(`${SITE}${path}\\?token=\\S+`))?.[0];
  if (!url) throw new Error(`aucun lien ${path} pour ${to}`);
  return decodeURIComponent(new URL(url).searchParams.get('token') as string);
};
/** Firebase compares revocation and sign-in times in whole seconds. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100));

async function register(email: string, password = 'une phrase de passe') {
  const user = await registerAccount(deps, { email, password, displayName: 'Léa Organisatrice' });
  if (!user) throw new Error(`${email} : aucun compte créé`);
  return user;
}

describe('Firebase Auth (émulateur)', () => {
  it('l’inscription crée le compte Firebase avec son nom, le profil users/{uid} et un lien de vérification qui mène à la racine', async () => {
    const email = unique('inscription');
    const user = await register(email);
    const account = await auth.getUser(user.uid);
    expect(account).toMatchObject({ email, displayName: 'Léa Organisatrice', emailVerified: false });
    expect(await store.users.findById(user.uid)).toMatchObject({
      uid: account.uid,
      email,
      role: 'organizer',
      supported: false,
      emailVerified: false,
    });
    // Our page applies the code, then continues to the site root (docs/specification.md §7).
    const code = lastLink(email, '/auth/verify-email');
    expect((await verifyEmail(deps, code))?.emailVerified).toBe(true);
    expect((await auth.getUser(user.uid)).emailVerified).toBe(true);
    expect(await verifyEmail(deps, code)).toBeNull();
  });

  it('une adresse déjà inscrite : ni second compte ni profil, sa titulaire reçoit « vous avez déjà un compte »', async () => {
    const email = unique('double');
    await register(email);
    expect(await registerAccount(deps, { email, password: 'une autre phrase', displayName: 'Intrus' })).toBeNull();
    expect((await auth.getUsers([{ email }])).users).toHaveLength(1);
    const mail = mailer.sent.filter((m) => m.to === email).at(-1);
    expect(mail?.subject).toContain('Vous avez déjà un compte');
    expect(mail?.text).toContain('Bonjour Léa Organisatrice,');
  });

  it('la connexion passe par l’API REST ; la session est un cookie de session vérifié, que la déconnexion révoque', async () => {
    const email = unique('connexion');
    await register(email);
    expect(await authenticate({ store, identity }, email, 'mauvais mot de passe')).toBeNull();
    const user = await authenticate({ store, identity }, email.toUpperCase(), 'une phrase de passe');
    expect(user?.idToken).toBeTruthy();
    const session = await identity.openSession({ uid: user!.uid, idToken: user!.idToken });
    expect(await identity.checkSession(session.token, user!.uid)).toBe(true);
    expect(await identity.checkSession(session.token, 'un-autre-compte')).toBe(false);
    expect(await identity.checkSession(`${session.token}x`, user!.uid)).toBe(false);
    // A second login in the same second is a session of its own (its own id, its own CSRF token): Firebase's cookie
    // alone would be the same (issue 49, found by the Hosting journey of a tab left open across a new login).
    const again = await identity.openSession({ uid: user!.uid, idToken: user!.idToken });
    expect(again.token).not.toBe(session.token);
    expect(await identity.checkSession(again.token, user!.uid)).toBe(true);
    await nextSecond();
    await identity.endSessions(user!.uid);
    expect(await identity.checkSession(session.token, user!.uid)).toBe(false);
  });

  it('un compte désactivé ne se connecte plus', async () => {
    const email = unique('desactive');
    const user = await register(email);
    await auth.updateUser(user.uid, { disabled: true });
    expect(await authenticate({ store, identity }, email, 'une phrase de passe')).toBeNull();
  });

  it('le lien de réinitialisation vaut une fois ; l’ancien mot de passe ne sert plus', async () => {
    const email = unique('oubli');
    await register(email);
    await requestPasswordReset(deps, email);
    await requestPasswordReset(deps, unique('inconnu'));
    const code = lastLink(email, '/auth/reset-password');
    expect(await isResetTokenValid(deps, code)).toBe(true);
    expect(await isResetTokenValid(deps, 'code-invente')).toBe(false);
    await resetPassword(deps, code, 'nouvelle phrase de passe');
    expect(await isResetTokenValid(deps, code)).toBe(false);
    expect(await authenticate({ store, identity }, email, 'une phrase de passe')).toBeNull();
    expect(await authenticate({ store, identity }, email, 'nouvelle phrase de passe')).not.toBeNull();
  });

  it('changer de mot de passe demande de se ré-authentifier ; les anciennes sessions tombent, une nouvelle est rendue', async () => {
    const email = unique('changement');
    const user = await register(email);
    const signedIn = await authenticate({ store, identity }, email, 'une phrase de passe');
    const before = await identity.openSession({ uid: user.uid, idToken: signedIn?.idToken ?? null });
    await requestPasswordReset(deps, email);
    const pendingReset = lastLink(email, '/auth/reset-password');
    const current = { user, sessionId: null };
    await expect(
      changePassword(deps, current, { currentPassword: 'pas le bon', newPassword: 'encore une phrase' }),
    ).rejects.toThrow(WRONG_CURRENT_PASSWORD);
    await nextSecond();
    const fresh = await changePassword(deps, current, {
      currentPassword: 'une phrase de passe',
      newPassword: 'encore une phrase',
    });
    expect(await identity.checkSession(before.token, user.uid)).toBe(false);
    const after = await identity.openSession(fresh!);
    expect(await identity.checkSession(after.token, user.uid)).toBe(true);
    expect(await authenticate({ store, identity }, email, 'encore une phrase')).not.toBeNull();
    // A reset link sent before the change no longer works.
    expect(await isResetTokenValid(deps, pendingReset)).toBe(false);
  });

  it('supprimer son compte demande le mot de passe et efface le compte Firebase et le profil', async () => {
    const email = unique('suppression');
    const user = await register(email);
    await expect(deleteAccount(deps, user, 'pas le bon')).rejects.toThrow(WRONG_CURRENT_PASSWORD);
    await deleteAccount(deps, user, 'une phrase de passe');
    expect((await auth.getUsers([{ uid: user.uid }])).users).toHaveLength(0);
    expect(await store.users.findById(user.uid)).toBeNull();
  });

  it('Google : le jeton du navigateur est vérifié, le profil est créé avec la photo, une session peut s’ouvrir', async () => {
    const email = unique('google');
    const claims = {
      sub: `g-${Date.now()}`,
      email,
      email_verified: true,
      name: 'Gaby Google',
      picture: 'https://exemple.ch/p.png',
    };
    const response = await fetch(
      `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
          requestUri: 'http://localhost',
          returnSecureToken: true,
        }),
      },
    );
    const { idToken } = (await response.json()) as { idToken: string };
    expect(await signInExternal(deps, 'pas-un-jeton')).toBeNull();
    const result = await signInExternal(deps, idToken);
    expect(result?.user).toMatchObject({
      email,
      displayName: 'Gaby Google',
      photoURL: 'https://exemple.ch/p.png',
      role: 'organizer',
      emailVerified: true,
    });
    const session = await identity.openSession(result!.signedIn);
    expect(await identity.checkSession(session.token, result!.user.uid)).toBe(true);
    // A second sign-in finds the same profile.
    expect((await signInExternal(deps, idToken))?.user.uid).toBe(result!.user.uid);
  });
});
