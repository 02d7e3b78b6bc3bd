// The page a reset link opens: choose a new password (the link works once, for one hour).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { isResetTokenValid, resetPassword } from '~/.server/accounts/accounts';
import { guardPost } from '~/.server/platform/guard';
import { invalid, readForm, refused } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { signOutWith } from '~/.server/platform/session';
import { AccountPage } from '~/components/account/AccountPage';
import { AccountForm } from '~/components/form/AccountForm';
import { PasswordField } from '~/components/form/PasswordField';
import { formMessage } from '~/components/form/use-app-form';
import { Link } from '~/components/Link';
import { resetPasswordSchema } from '~/domain/auth';
import resetPasswordShape from '~/domain/auth?schema=resetPasswordSchema&form-shape';
import { RESET_LINK_INVALID } from '~/domain/auth-texts';
import { pageMeta } from '~/domain/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return {
    token,
    valid: token.length > 0 && token.length < 200 && (await isResetTokenValid(context.services, token)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await guardPost(request, context, { audience: 'public', rate: { bucket: 'auth' } });
  const token = String(formData.get('token') ?? '').slice(0, 200);
  const submission = readForm(formData, resetPasswordSchema);
  // Passwords are never sent back; nor is the link's token (the page has it).
  const hideFields = ['password', 'confirmation', 'token'];
  if (submission.status !== 'success') return invalid(submission, { hideFields });
  try {
    await resetPassword(context.services, token, submission.value.password);
  } catch (error) {
    return refused(submission, error, { hideFields });
  }
  const flash = { kind: 'success', message: 'Mot de passe modifié. Connectez-vous avec le nouveau.' } as const;
  return signOutWith(request, context.services, flash, '/auth/login');
}

export const headers = keepRetryAfter;

export default function ResetPasswordPage() {
  const { token, valid } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // The only refusal of the whole form is a link that no longer works: then there is nothing left to fill in.
  const linkRefused = formMessage(answer);
  return (
    <AccountPage title="Nouveau mot de passe">
      {valid && !linkRefused ? (
        <AccountForm
          id="reset-password"
          shape={resetPasswordShape}
          check={() => import('~/domain/auth').then((m) => ({ schema: m.resetPasswordSchema }))}
          answer={answer}
          submitLabel="Enregistrer le mot de passe"
        >
          {(fields) => (
            <>
              <input type="hidden" name="token" value={token} />
              <PasswordField meta={fields.password} label="Nouveau mot de passe" purpose="new" />
              <PasswordField meta={fields.confirmation} label="Confirmez le mot de passe" purpose="confirm" />
            </>
          )}
        </AccountForm>
      ) : (
        <div className="notice notice--error" role="alert">
          {linkRefused ?? RESET_LINK_INVALID} <Link to="/auth/forgot-password">Recevoir un nouveau lien</Link>
        </div>
      )}
    </AccountPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Nouveau mot de passe',
    description: 'Choisissez un nouveau mot de passe.',
    path: '/auth/reset-password',
    matches,
    noindex: true,
  });
