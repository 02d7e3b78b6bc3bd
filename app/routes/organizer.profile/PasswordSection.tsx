import { PasswordField } from '~/components/form/PasswordField';
import changePasswordShape from '~/domain/auth?schema=changePasswordSchema&form-shape';
import { AnswerNotice, type ProfileAnswer, ProfileCard, ProfileForm } from './ProfileCard';

/** Changing one's password: the current one, then the new one twice. */
export function PasswordSection({ answer }: { answer: ProfileAnswer | undefined }) {
  return (
    <ProfileCard name="password" title="Changer de mot de passe">
      <AnswerNotice answer={answer} />
      <ProfileForm
        intent="password"
        shape={changePasswordShape}
        check={() => import('~/domain/auth').then((m) => ({ schema: m.changePasswordSchema }))}
        answer={answer}
        submitLabel="Changer le mot de passe"
      >
        {(fields) => (
          <>
            <PasswordField meta={fields.currentPassword} label="Mot de passe actuel" purpose="current" />
            <PasswordField meta={fields.newPassword} label="Nouveau mot de passe" purpose="new" />
            <PasswordField meta={fields.confirmation} label="Confirmez le nouveau mot de passe" purpose="confirm" />
          </>
        )}
      </ProfileForm>
    </ProfileCard>
  );
}
