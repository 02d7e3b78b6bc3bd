// « Continuer avec Google » (Firebase only): the firebase web SDK is loaded on click, on the auth pages only; the popup's
// ID token is posted with the CSRF token to /auth/session, which opens the session.
import { Form } from '@remix-run/react';
import { useRef, useState } from 'react';
import type { GoogleSignInConfig } from '~/domain/google-sign-in';
import { FormSecurity } from './FormSecurity';

export function GoogleSignIn({ config, redirect }: { config: GoogleSignInConfig; redirect: string }) {
  const form = useRef<HTMLFormElement>(null);
  const token = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    setError('');
    try {
      const [{ initializeApp, getApps }, auth] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
      const app = getApps()[0] ?? initializeApp(config);
      const firebaseAuth = auth.getAuth(app);
      if (config.emulatorUrl && !firebaseAuth.emulatorConfig) {
        auth.connectAuthEmulator(firebaseAuth, config.emulatorUrl, { disableWarnings: true });
      }
      const result = await auth.signInWithPopup(firebaseAuth, new auth.GoogleAuthProvider());
      if (!token.current || !form.current) return;
      token.current.value = await result.user.getIdToken();
      // The server keeps the session; the browser's Firebase state is not needed any more.
      await auth.signOut(firebaseAuth);
      form.current.requestSubmit();
    } catch (e) {
      const code = String((e as { code?: unknown }).code ?? '');
      setError(
        code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request'
          ? ''
          : 'La connexion avec Google n’a pas abouti. Réessayez, ou utilisez votre email.',
      );
      setBusy(false);
    }
  }

  return (
    <div className="google-sign-in">
      <Form method="post" action="/auth/session" ref={form}>
        <FormSecurity honeypot={false} />
        <input type="hidden" name="idToken" ref={token} />
        <input type="hidden" name="redirect" value={redirect} />
      </Form>
      <button type="button" className="button" onClick={signIn} disabled={busy}>
        Continuer avec Google
      </button>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
