import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requestPasswordReset } from '~/.server/accounts/accounts';
import { guardPost } from '~/.server/platform/guard';
import { invalid, readForm } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { requireAnonymous } from '~/.server/platform/session';
import { AccountPage } from '~/components/account/AccountPage';
import { AccountForm } from '~/components/form/AccountForm';
import { TextField } from '~/components/form/Field';
import { Link } from '~/components/Link';
import { forgotPasswordSchema } from '~/domain/auth';
import forgotPasswordShape from '~/domain/auth?schema=forgotPasswordSchema&form-shape';
import { pageMeta } from '~/domain/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context.services);
  return { sent: new URL(request.url).searchParams.get('envoye') === '1' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // A signed-in visitor is sent on; the form goes through the guard with the accounts' own rate (decision 034).
  await requireAnonymous(request, context.services);
  const formData = await guardPost(request, context, { audience: 'public', rate: { bucket: 'auth' } });
  const submission = readForm(formData, forgotPasswordSchema);
  if (submission.status !== 'success') return invalid(submission);
  await requestPasswordReset(context.services, submission.value.email);
  return redirect('/auth/forgot-password?envoye=1');
}

export const headers = keepRetryAfter;

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AccountPage
      title="Mot de passe oublié"
      lead="Indiquez l’adresse de votre compte : nous vous envoyons un lien valable une heure."
    >
      {sent ? (
        <div className="notice notice--success" role="status" data-testid="reset-sent">
          Si un compte existe avec cette adresse, un email vient de lui être envoyé. Pensez à regarder dans les
          indésirables.
        </div>
      ) : null}
      <AccountForm
        id="forgot-password"
        shape={forgotPasswordShape}
        check={() => import('~/domain/auth').then((m) => ({ schema: m.forgotPasswordSchema }))}
        answer={answer}
        submitLabel="Envoyer le lien"
      >
        {(fields) => <TextField meta={fields.email} label="Adresse email" type="email" autoComplete="email" />}
      </AccountForm>
      <p>
        <Link to="/auth/login">Retour à la connexion</Link>
      </p>
    </AccountPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Mot de passe oublié',
    description: 'Recevez un lien pour choisir un nouveau mot de passe.',
    path: '/auth/forgot-password',
    matches,
  });
