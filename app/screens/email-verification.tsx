// Email verification screen, shared by /auth/verify-email and /auth/email-verification (SPEC §2).
import type { MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormSecurity } from '~/components/FormSecurity';
import { pageMeta } from '~/domain/meta';
import type { emailVerificationAction, emailVerificationLoader } from './email-verification.server';

export const emailVerificationMeta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Vérification de l’email',
    description: 'Vérifiez votre adresse email.',
    path: '/auth/verify-email',
    matches,
  });

export function EmailVerificationScreen() {
  const { loggedIn, verified, email } = useLoaderData<typeof emailVerificationLoader>();
  const result = useActionData<typeof emailVerificationAction>();
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
