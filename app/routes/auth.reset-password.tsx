// The page a reset link opens: choose a new password (the link works once, for one hour).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { accountDeps, isResetTokenValid, resetPassword } from '~/.server/accounts/accounts';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { invalid, refused } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { destroyUserSession } from '~/.server/platform/session';
import { Field } from '~/components/Field';
import { FormSecurity } from '~/components/FormSecurity';
import { useFormKey } from '~/components/useFormKey';
import { PASSWORD_MIN, RESET_LINK_INVALID, resetPasswordSchema } from '~/domain/auth';
import { pageMeta } from '~/domain/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return {
    token,
    valid: token.length > 0 && token.length < 200 && (await isResetTokenValid(accountDeps(context.services), token)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await guardPost(request, context, { audience: 'public', rate: { bucket: 'auth' } });
  const token = String(formData.get('token') ?? '').slice(0, 200);
  const parsed = resetPasswordSchema.safeParse({
    password: formData.get('password') ?? '',
    confirmation: formData.get('confirmation') ?? '',
  });
  if (!parsed.success) return invalid(parsed.error);
  try {
    await resetPassword(accountDeps(context.services), token, parsed.data.password);
  } catch (error) {
    return refused(error);
  }
  const headers = new Headers();
  headers.append('Set-Cookie', await destroyUserSession(request));
  headers.append(
    'Set-Cookie',
    await setFlash(request, { kind: 'success', message: 'Mot de passe modifié. Connectez-vous avec le nouveau.' }),
  );
  return redirect('/auth/login', { headers });
}

export const headers = keepRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Nouveau mot de passe',
    description: 'Choisissez un nouveau mot de passe.',
    path: '/auth/reset-password',
    matches,
    noindex: true,
  });

export default function ResetPasswordPage() {
  const { token, valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = result?.errors ?? {};
  const formKey = useFormKey(result);
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <h1>Nouveau mot de passe</h1>
      </header>
      {!valid || errors.form ? (
        <div className="notice notice--error" role="alert">
          {errors.form ?? RESET_LINK_INVALID} <Link to="/auth/forgot-password">Recevoir un nouveau lien</Link>
        </div>
      ) : null}
      {valid ? (
        <Form key={formKey} method="post" className="form" noValidate>
          <FormSecurity />
          <input type="hidden" name="token" value={token} />
          <Field
            name="password"
            label="Nouveau mot de passe"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            hint={`Au moins ${PASSWORD_MIN} caractères.`}
            error={errors.password}
          />
          <Field
            name="confirmation"
            label="Confirmez le mot de passe"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmation}
          />
          <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
            Enregistrer le mot de passe
          </button>
        </Form>
      ) : null}
    </div>
  );
}
