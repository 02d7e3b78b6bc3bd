import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Field } from '~/components/Field';
import { FormSecurity } from '~/components/FormSecurity';
import type { FieldErrors } from '~/domain/forms';

/** Deleting one's account: the password and an explicit confirmation. */
export function DeleteSection({
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
    <section aria-labelledby="profile-delete" className="card danger-zone">
      <h2 id="profile-delete">Supprimer mon compte</h2>
      <p>
        Votre compte et vos sessions sont supprimés définitivement. Les événements que vous avez publiés restent en
        ligne, sans lien avec votre compte.
      </p>
      {message}
      <Form key={formKey} method="post" className="form" noValidate>
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value="delete" />
        <Field
          name="deletePassword"
          label="Votre mot de passe, pour confirmer"
          type="password"
          autoComplete="current-password"
          required
          error={errors.deletePassword}
        />
        <div className={`field${errors.confirm ? ' field--invalid' : ''}`}>
          <label>
            <input type="checkbox" name="confirm" value="oui" /> Je veux supprimer mon compte définitivement
          </label>
          {errors.confirm ? (
            <p className="field__error" role="alert">
              {errors.confirm}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--danger" disabled={busy}>
          Supprimer mon compte
        </button>
      </Form>
    </section>
  );
}
