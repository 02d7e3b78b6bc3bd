// POST /auth/session: Google sign-in (Firebase). The auth pages sign in with a Google popup in the browser, then post
// the ID token here with the CSRF token; the server verifies it and opens a session cookie.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { signInExternal } from '~/.server/accounts/accounts';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { requireAnonymous, safeRedirect, signIn } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { landingPath } from '~/domain/auth-texts';

// POST only, like logout: a GET goes home.
export async function loader() {
  return redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context.services);
  const formData = await guardPost(request, context, { audience: 'public', rate: { bucket: 'auth' }, honeypot: false });
  const idToken = String(formData.get('idToken') ?? '');
  const failed = async (message: string) =>
    redirect('/auth/login', {
      headers: { 'Set-Cookie': await setFlash(request, context.services, { kind: 'error', message }) },
    });
  if (idToken.length < 20 || idToken.length > 8000) return failed('La connexion avec Google n’a pas abouti.');
  let signedIn: Awaited<ReturnType<typeof signInExternal>>;
  try {
    signedIn = await signInExternal(context.services, idToken);
  } catch (error) {
    if (error instanceof UseCaseError) return failed(error.message);
    throw error;
  }
  if (!signedIn) return failed('La connexion avec Google n’a pas abouti.');
  const headers = await signIn(request, context.services, signedIn.user.uid, signedIn.signedIn.idToken);
  return redirect(safeRedirect(formData.get('redirect'), landingPath(signedIn.user.role)), { headers });
}
