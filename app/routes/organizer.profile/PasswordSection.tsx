import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Field } from '~/components/Field';
import { FormSecurity } from '~/components/FormSecurity';
import { PASSWORD_MIN } from '~/domain/auth';
import type { FieldErrors } from '~/domain/forms';

/** Changing one's password: the current one, then the new one twice. */
export function PasswordSection({
  busy,
  formKey,
  errors,
  message,
}: {
  busy: boolean;
  formKey: number;
  errors: FieldErrors;
  message: ReactNode;
}) {
  return (
    <section aria-labelledby="profile-password" className="card">
      <h2 id="profile-password">Changer de mot de passe</h2>
      {message}
      <Form key={formKey} method="post" className="form" noValidate>
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value="password" />
        <Field
          name="currentPassword"
          label="Mot de passe actuel"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <Field
          name="newPassword"
          label="Nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`Au moins ${PASSWORD_MIN} caractères.`}
          error={errors.newPassword}
        />
        <Field
          name="confirmation"
          label="Confirmez le nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmation}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          Changer le mot de passe
        </button>
      </Form>
    </section>
  );
}
