// Email verification (docs/specification.md §2), also at /auth/email-verification (same screen, app/routes.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { resendVerification, verifyEmail } from '~/.server/accounts/accounts';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { refusedAction } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { getCurrentUser, signIn } from '~/.server/platform/session';
import { registeredHere, rememberAccount, updateVisitor } from '~/.server/platform/visitor';
import { FormSecurity } from '~/components/FormSecurity';
import { Link } from '~/components/Link';
import { ADDRESS_CONFIRMED, addressConfirmedSignedIn, landingPath } from '~/domain/auth-texts';
import { pageMeta } from '~/domain/meta';

/**
 * With ?token= (the link of the mail): verify, then continue where one works (issue 33): signed in in this browser,
 * or opened in the browser that registered the address (then signed in, decision 153), the dashboard; otherwise the
 * login page, the address filled in, « Adresse confirmée ».
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const user = await getCurrentUser(request, context.services);
  if (token) {
    const verified = token.length < 200 ? await verifyEmail(context.services, token) : null;
    if (!verified) {
      const flash = {
        kind: 'error' as const,
        message: 'Ce lien de vérification n’est plus valable. Demandez-en un nouveau.',
      };
      return redirect('/auth/verify-email', {
        headers: { 'Set-Cookie': await setFlash(request, context.services, flash) },
      });
    }
    // Opened in the browser that registered this address (decision 153): signed in there, a new session (the id
    // rotates, the previous one of this browser revoked), no password typed a second time.
    if (user?.email !== verified.email && (await registeredHere(request, context.services, verified.email))) {
      const fresh = await context.services.identity.signInVerified(verified.uid);
      if (fresh) {
        // Its headers clear the browser's `favoris` once merged (decision 173); the flash's `__session` comes last.
        const headers = await signIn(request, context.services, verified.uid, fresh.idToken);
        await rememberAccount(request, context.services, verified.email);
        await updateVisitor(request, context.services, { r: undefined });
        const flash = { kind: 'success' as const, message: addressConfirmedSignedIn(verified.email) };
        headers.append('Set-Cookie', await setFlash(request, context.services, flash));
        return redirect(landingPath(verified.role), { headers });
      }
    }
    const signedIn = user?.email === verified.email;
    const flash = signedIn
      ? { kind: 'success' as const, message: `Adresse confirmée\u00a0: ${verified.email}. Merci\u202f!` }
      : { kind: 'success' as const, message: ADDRESS_CONFIRMED, email: verified.email };
    return redirect(
      user && signedIn ? landingPath(user.role) : `/auth/login?redirect=${encodeURIComponent('/dashboard')}`,
      {
        headers: { 'Set-Cookie': await setFlash(request, context.services, flash) },
      },
    );
  }
  return { loggedIn: Boolean(user), verified: user?.emailVerified ?? false, email: user?.email ?? null };
}

/** Resend: refused with the messages of docs/specification.md §8 when nobody is logged in or the email is already verified. */
export async function action({ request, context }: ActionFunctionArgs) {
  await guardPost(request, context, { audience: 'public', rate: { bucket: 'auth' } });
  try {
    await resendVerification(context.services, await getCurrentUser(request, context.services));
  } catch (error) {
    return refusedAction(error);
  }
  return { ok: true as const, message: 'Un nouvel email de vérification vient de partir.' };
}

export default function EmailVerification() {
  const { loggedIn, verified, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <h1>Vérification de l’adresse email</h1>
      </header>
      {result ? (
        <p
          className={`notice ${result.ok ? 'notice--success' : 'notice--error'}`}
          role="alert"
          data-testid="resend-result"
        >
          {result.message}
        </p>
      ) : null}
      {!loggedIn ? (
        <p className="notice">
          Connectez-vous pour vérifier votre adresse email.{' '}
          <Link to="/auth/login?redirect=/auth/verify-email">Connexion</Link>
        </p>
      ) : verified ? (
        <p className="notice notice--success">Votre adresse {email} est vérifiée. Merci !</p>
      ) : (
        <p className="notice notice--warning">
          Un email de vérification a été envoyé à {email}. Cliquez sur le lien qu’il contient pour confirmer votre
          adresse.
        </p>
      )}
      <Form method="post" className="form">
        <FormSecurity />
        <p>Pas reçu l’email ? Vérifiez les indésirables, puis demandez-en un autre.</p>
        <button type="submit" className="button">
          Renvoyer l’email de vérification
        </button>
      </Form>
    </div>
  );
}

export const headers = keepRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Vérification de l’email',
    description: 'Vérifiez votre adresse email.',
    path: '/auth/verify-email',
    matches,
  });
