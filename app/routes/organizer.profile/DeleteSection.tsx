import { fieldId } from '~/components/form/Field';
import { PasswordField } from '~/components/form/PasswordField';
import deleteAccountShape from '~/domain/auth?schema=deleteAccountSchema&form-shape';
import { type ProfileAnswer, ProfileCard, ProfileForm } from './ProfileCard';

/** Deleting one's account: the password and an explicit confirmation. */
export function DeleteSection({ answer }: { answer: ProfileAnswer | undefined }) {
  return (
    <ProfileCard name="delete" title="Supprimer mon compte" danger>
      <p>
        Votre compte et vos sessions sont supprimés définitivement. Les événements que vous avez publiés restent en
        ligne, sans lien avec votre compte.
      </p>
      <ProfileForm
        intent="delete"
        shape={deleteAccountShape}
        check={() => import('~/domain/auth').then((m) => ({ schema: m.deleteAccountSchema }))}
        answer={answer}
        submitLabel="Supprimer mon compte"
        danger
      >
        {(fields) => {
          const refusal = fields.confirm.errors?.[0];
          const id = fieldId(fields.confirm.name);
          return (
            <>
              <PasswordField
                meta={fields.deletePassword}
                label="Votre mot de passe, pour confirmer"
                purpose="current"
              />
              <div className={`field${refusal ? ' field--invalid' : ''}`}>
                <label>
                  <input
                    type="checkbox"
                    id={id}
                    name={fields.confirm.name}
                    value="oui"
                    aria-invalid={refusal ? true : undefined}
                    aria-describedby={refusal ? `${id}-error` : undefined}
                  />{' '}
                  Je veux supprimer mon compte définitivement
                </label>
                {refusal ? (
                  <p id={`${id}-error`} className="field__error" role="alert">
                    {refusal}
                  </p>
                ) : null}
              </div>
            </>
          );
        }}
      </ProfileForm>
    </ProfileCard>
  );
}
