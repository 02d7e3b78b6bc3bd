import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { ClientOnly } from 'remix-utils/client-only';
import { authenticate } from '~/.server/accounts/login';
import { audit, auditFromRequest } from '~/.server/platform/audit';
import { guardPost } from '~/.server/platform/guard';
import { invalid, refused } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { requireAnonymous, safeRedirect, signIn } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { Field } from '~/components/Field';
import { FormSecurity } from '~/components/FormSecurity';
import { GoogleSignIn } from '~/components/GoogleSignIn';
import { useFormKey } from '~/components/useFormKey';
import { LOGIN_FAILED, loginSchema } from '~/domain/auth';
import { pageMeta } from '~/domain/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return { google: context.services.googleSignIn };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await guardPost(request, context, { audience: 'public', rate: { bucket: 'auth' } });
  const email = String(formData.get('email') ?? '');
  const parsed = loginSchema.safeParse({ email, password: formData.get('password') ?? '' });
  if (!parsed.success) return invalid(parsed.error, { email });
  const who = {
    ...auditFromRequest(request),
    email: parsed.data.email.trim().toLowerCase(),
    ip: context.clientIp,
  };
  const user = await authenticate(
    context.services.store,
    parsed.data.email,
    parsed.data.password,
    context.services.identity,
    who,
  );
  if (!user) {
    audit('login.failure', who);
    return refused(new UseCaseError(LOGIN_FAILED), { email });
  }
  audit('login.success', { ...who, uid: user.uid });
  return redirect(safeRedirect(formData.get('redirect')), { headers: await signIn(request, user.uid, user.idToken) });
}

export const headers = keepRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Connexion',
    description: 'Connectez-vous pour publier vos événements.',
    path: '/auth/login',
    matches,
  });

export default function LoginPage() {
  const { google } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const errors = result?.errors ?? {};
  const formKey = useFormKey(result);
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <h1>Connexion</h1>
        <p className="lead">Connectez-vous pour publier et gérer vos événements.</p>
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
          name="email"
          label="Adresse email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.email ?? ''}
          error={errors.email}
        />
        <Field
          name="password"
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(result)}
          required
          error={errors.password}
        />
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          Se connecter
        </button>
      </Form>
      {google ? (
        <ClientOnly>{() => <GoogleSignIn config={google} redirect={searchParams.get('redirect') ?? ''} />}</ClientOnly>
      ) : null}
      <p>
        <Link to="/auth/forgot-password">Mot de passe oublié ?</Link> · Pas encore de compte ?{' '}
        <Link to="/auth/register">Inscription</Link>
      </p>
    </div>
  );
}
