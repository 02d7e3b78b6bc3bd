import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { ClientOnly } from 'remix-utils/client-only';
import { accountDeps, registerAccount } from '~/.server/accounts/accounts';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { invalid, refused } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { requireAnonymous, safeRedirect } from '~/.server/platform/session';
import { Field } from '~/components/Field';
import { FormSecurity } from '~/components/FormSecurity';
import { GoogleSignIn } from '~/components/GoogleSignIn';
import { useFormKey } from '~/components/useFormKey';
import { PASSWORD_MAX, PASSWORD_MIN, registerSchema, registrationSent } from '~/domain/auth';
import { formValues } from '~/domain/forms';
import { pageMeta } from '~/domain/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return { google: context.services.googleSignIn };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await guardPost(request, context, { audience: 'public', rate: { bucket: 'auth' } });
  // The password is never sent back to the browser.
  const values = formValues(formData, ['displayName', 'email']);
  const parsed = registerSchema.safeParse({ ...values, password: formData.get('password') ?? '' });
  if (!parsed.success) return invalid(parsed.error, { values });
  try {
    await registerAccount(accountDeps(context.services), parsed.data);
  } catch (error) {
    return refused(error, { values });
  }
  // The same answer whether the address was free or already had an account (its owner gets a mail saying so): no
  // session is opened, the visitor goes on to sign in, towards the page they wanted.
  const next = safeRedirect(formData.get('redirect'), '/dashboard');
  const flash = await setFlash(request, { kind: 'success', message: registrationSent(parsed.data.email) });
  return redirect(`/auth/login?redirect=${encodeURIComponent(next)}`, { headers: { 'Set-Cookie': flash } });
}

export const headers = keepRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Inscription',
    description: 'Créez votre compte gratuit pour publier vos événements en Suisse romande.',
    path: '/auth/register',
    matches,
  });

export default function RegisterPage() {
  const { google } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const errors = result?.errors ?? {};
  const formKey = useFormKey(result);
  const values = result?.values ?? {};
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <h1>Inscription</h1>
        <p className="lead">Un compte gratuit pour publier vos événements. Ils seront visibles après modération.</p>
      </header>
      {errors.form ? (
        <p className="notice notice--error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <Form key={formKey} method="post" className="form" noValidate>
        <FormSecurity />
        <input type="hidden" name="redirect" value={searchParams.get('redirect') ?? ''} />
        <Field
          name="displayName"
          label="Votre nom ou celui de votre organisation"
          autoComplete="name"
          required
          maxLength={60}
          defaultValue={values.displayName}
          error={errors.displayName}
        />
        <Field
          name="email"
          label="Adresse email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        <Field
          name="password"
          label="Mot de passe"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          hint={`Au moins ${PASSWORD_MIN} caractères. Une phrase de quelques mots est facile à retenir et difficile à deviner.`}
          error={errors.password}
        />
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          Créer mon compte
        </button>
      </Form>
      {google ? (
        <ClientOnly>{() => <GoogleSignIn config={google} redirect={searchParams.get('redirect') ?? ''} />}</ClientOnly>
      ) : null}
      <p>
        Déjà inscrit·e ? <Link to="/auth/login">Connexion</Link>
      </p>
      <p className="field__hint">
        En créant un compte, vous acceptez les <Link to="/legal">conditions générales</Link> et la{' '}
        <Link to="/privacy-policy">politique de confidentialité</Link>.
      </p>
    </div>
  );
}
