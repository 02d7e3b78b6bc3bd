import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { authenticate } from '~/.server/accounts/login';
import { accountPageLoader, HIDE_PASSWORD, readAccountForm } from '~/.server/http/account-pages';
import { audit, auditFromRequest } from '~/.server/platform/audit';
import { invalid, refused } from '~/.server/platform/refusal';
import { keepRetryAfter, tooManyRequests } from '~/.server/platform/security';
import { safeRedirect, signIn } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { rememberAccount, remembersAccount } from '~/.server/platform/visitor';
import { AccountPage, GoogleOption, useWantedPage } from '~/components/account/AccountPage';
import { AccountForm } from '~/components/form/AccountForm';
import { TextField } from '~/components/form/Field';
import { PasswordField } from '~/components/form/PasswordField';
import { Link } from '~/components/Link';
import { loginSchema } from '~/domain/auth';
import loginShape from '~/domain/auth?schema=loginSchema&form-shape';
import { LOGIN_FAILED, landingPath } from '~/domain/auth-texts';
import { pageMeta } from '~/domain/meta';
import type { loader as rootLoader } from '~/root';

export const loader = accountPageLoader;

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { formData, submission } = await readAccountForm(args, loginSchema);
  if (submission.status !== 'success') return invalid(submission, HIDE_PASSWORD);
  const who = {
    ...auditFromRequest(request),
    email: submission.value.email.trim().toLowerCase(),
    ip: context.clientIp,
    // The address that connected, when a trusted proxy's header named another: that header may be forged.
    ...(context.socketIp && context.socketIp !== context.clientIp ? { socket: context.socketIp } : {}),
  };
  const knownBrowser = await remembersAccount(request, context.services, who.email);
  const user = await authenticate(context.services, submission.value.email, submission.value.password, who, {
    knownBrowser,
  }).catch((error: unknown) => {
    // Too many attempts: the French 429 with when to try again, as every limiter answers.
    if (error instanceof UseCaseError && error.retryAfter) tooManyRequests(error.retryAfter);
    throw error;
  });
  if (!user) {
    audit('login.failure', who);
    return refused(submission, new UseCaseError(LOGIN_FAILED), HIDE_PASSWORD);
  }
  // Logged once the session is written: a full disk refuses it (503), and the log said « success » for a login refused.
  // Its headers clear the browser's `favoris` once merged into the account (decision 173).
  const headers = await signIn(request, context.services, user.uid, user.idToken);
  audit('login.success', { ...who, uid: user.uid });
  // The last Set-Cookie carries the new session too: this browser is now known to the account (login.ts).
  headers.append('Set-Cookie', await rememberAccount(request, context.services, who.email));
  // The page asked for (`?redirect=`), else where this role works.
  return redirect(safeRedirect(formData.get('redirect'), landingPath(user.role)), { headers });
}

export const headers = keepRetryAfter;

export default function LoginPage() {
  const { google } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const redirectTo = useWantedPage();
  // After the verification link: the address it confirmed, filled in.
  const confirmed = useRouteLoaderData<typeof rootLoader>('root')?.flash?.email;
  return (
    <AccountPage title="Connexion" lead="Connectez-vous pour publier et gérer vos événements.">
      <AccountForm
        id="login"
        shape={loginShape}
        check={() => import('~/domain/auth').then((m) => ({ schema: m.loginSchema }))}
        answer={answer}
        defaultValue={confirmed ? { email: confirmed } : undefined}
        submitLabel="Se connecter"
      >
        {(fields) => (
          <>
            <input type="hidden" name="redirect" value={redirectTo} />
            <TextField meta={fields.email} label="Adresse email" type="email" autoComplete="email" />
            <PasswordField meta={fields.password} label="Mot de passe" purpose="current" />
          </>
        )}
      </AccountForm>
      <GoogleOption google={google} redirect={redirectTo} />
      <p>
        <Link to="/auth/forgot-password">Mot de passe oublié ?</Link> · Pas encore de compte ?{' '}
        <Link to="/auth/register">Inscription</Link>
      </p>
    </AccountPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Connexion',
    description: 'Connectez-vous pour publier vos événements.',
    path: '/auth/login',
    matches,
  });
