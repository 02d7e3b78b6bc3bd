import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { registerAccount } from '~/.server/accounts/accounts';
import { accountPageLoader, HIDE_PASSWORD, readAccountForm } from '~/.server/http/account-pages';
import { setFlash } from '~/.server/platform/flash';
import { invalid, refused } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { safeRedirect } from '~/.server/platform/session';
import { rememberRegistration } from '~/.server/platform/visitor';
import { AccountPage, GoogleOption, useWantedPage } from '~/components/account/AccountPage';
import { AccountForm } from '~/components/form/AccountForm';
import { TextField } from '~/components/form/Field';
import { NEW_PASSWORD_HINT, PasswordField } from '~/components/form/PasswordField';
import { Link } from '~/components/Link';
import { registerSchema } from '~/domain/auth';
import registerShape from '~/domain/auth?schema=registerSchema&form-shape';
import { registrationSent } from '~/domain/auth-texts';
import { pageMeta } from '~/domain/meta';

export const loader = accountPageLoader;

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { formData, submission } = await readAccountForm(args, registerSchema);
  if (submission.status !== 'success') return invalid(submission, HIDE_PASSWORD);
  try {
    await registerAccount(context.services, submission.value);
  } catch (error) {
    return refused(submission, error, HIDE_PASSWORD);
  }
  // The same answer whether the address was free or already had an account (its owner gets a mail saying so): no
  // session is opened, the visitor goes on to sign in, towards the page they wanted. This browser remembers the
  // address (its fingerprint, the same either way): the verification link opened here signs in (decision 153).
  const next = safeRedirect(formData.get('redirect'), '/dashboard');
  await rememberRegistration(request, context.services, submission.value.email);
  const flash = await setFlash(request, context.services, {
    kind: 'success',
    message: registrationSent(submission.value.email),
  });
  return redirect(`/auth/login?redirect=${encodeURIComponent(next)}`, { headers: { 'Set-Cookie': flash } });
}

export const headers = keepRetryAfter;

export default function RegisterPage() {
  const { google } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const redirectTo = useWantedPage();
  return (
    <AccountPage
      title="Inscription"
      lead="Un compte gratuit pour publier vos événements. Ils seront visibles après modération."
    >
      <AccountForm
        id="register"
        shape={registerShape}
        check={() => import('~/domain/auth').then((m) => ({ schema: m.registerSchema }))}
        answer={answer}
        submitLabel="Créer mon compte"
      >
        {(fields) => (
          <>
            <input type="hidden" name="redirect" value={redirectTo} />
            <TextField meta={fields.displayName} label="Votre nom ou celui de votre organisation" autoComplete="name" />
            <TextField meta={fields.email} label="Adresse email" type="email" autoComplete="email" />
            <PasswordField
              meta={fields.password}
              label="Mot de passe"
              purpose="new"
              hint={`${NEW_PASSWORD_HINT} Une phrase de quelques mots est facile à retenir et difficile à deviner.`}
            />
          </>
        )}
      </AccountForm>
      <GoogleOption google={google} redirect={redirectTo} />
      <p>
        Déjà inscrit·e ? <Link to="/auth/login">Connexion</Link>
      </p>
      <p className="field__hint">
        En créant un compte, vous acceptez les <Link to="/legal">conditions générales</Link> et la{' '}
        <Link to="/privacy-policy">politique de confidentialité</Link>.
      </p>
    </AccountPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Inscription',
    description: 'Créez votre compte gratuit pour publier vos événements en Suisse romande.',
    path: '/auth/register',
    matches,
  });
