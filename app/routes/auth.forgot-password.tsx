import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { accountDeps, requestPasswordReset } from '~/.server/accounts/accounts';
import { guardPost } from '~/.server/platform/guard';
import { invalid } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { requireAnonymous } from '~/.server/platform/session';
import { Field } from '~/components/Field';
import { FormSecurity } from '~/components/FormSecurity';
import { forgotPasswordSchema } from '~/domain/auth';
import { formValues } from '~/domain/forms';
import { pageMeta } from '~/domain/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return { sent: new URL(request.url).searchParams.get('envoye') === '1' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await guardPost(request, context, { audience: 'public', rate: { bucket: 'auth' } });
  const values = formValues(formData, ['email']);
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success) return invalid(parsed.error, { values });
  await requestPasswordReset(accountDeps(context.services), parsed.data.email);
  return redirect('/auth/forgot-password?envoye=1');
}

export const headers = keepRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Mot de passe oublié',
    description: 'Recevez un lien pour choisir un nouveau mot de passe.',
    path: '/auth/forgot-password',
    matches,
  });

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = result?.errors ?? {};
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <h1>Mot de passe oublié</h1>
        <p className="lead">Indiquez l’adresse de votre compte : nous vous envoyons un lien valable une heure.</p>
      </header>
      {sent ? (
        <div className="notice notice--success" role="status" data-testid="reset-sent">
          Si un compte existe avec cette adresse, un email vient de lui être envoyé. Pensez à regarder dans les
          indésirables.
        </div>
      ) : null}
      <Form method="post" className="form" noValidate>
        <FormSecurity />
        <Field
          name="email"
          label="Adresse email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.values.email}
          error={errors.email}
        />
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          Envoyer le lien
        </button>
      </Form>
      <p>
        <Link to="/auth/login">Retour à la connexion</Link>
      </p>
    </div>
  );
}
