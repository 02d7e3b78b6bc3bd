// One card of the profile page and the form it holds: each form says which card it is (`intent`), and the action's
// answer to it is shown in that card only.
import type { ReactNode } from 'react';
import { AccountForm } from '~/components/form/AccountForm';
import { formMessage } from '~/components/form/use-app-form';

export type Intent = 'profile' | 'password' | 'resend' | 'sessions' | 'delete';

/** The action's answer to one card: done (its message) or refused (conform's reply, its messages by field). */
export interface ProfileAnswer {
  card: Intent;
  message: string;
}

/** What the answer says to the whole card: done, or (for the cards without fields) refused. */
export function AnswerNotice({ answer, refusal = false }: { answer: ProfileAnswer | undefined; refusal?: boolean }) {
  if (answer?.message) {
    return (
      <p className="notice notice--success" role="status">
        {answer.message}
      </p>
    );
  }
  const refused = refusal ? formMessage(answer) : undefined;
  if (refused) {
    return (
      <p className="notice notice--error" role="alert">
        {refused}
      </p>
    );
  }
  return null;
}

/** A card of the page, its title named `profile-<name>` for the section to be labelled by it. */
export function ProfileCard({
  name,
  title,
  danger = false,
  children,
}: {
  name: string;
  title: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`profile-${name}`} className={danger ? 'card danger-zone' : 'card'}>
      <h2 id={`profile-${name}`}>{title}</h2>
      {children}
    </section>
  );
}

type ProfileFormProps = Omit<Parameters<typeof AccountForm>[0], 'id'> & {
  intent: Intent;
};

/** A form of the profile: signed in (no honeypot), its intent carried along, a refusal shown in its own card. */
export function ProfileForm({ intent, children, ...form }: ProfileFormProps) {
  return (
    <AccountForm id={`${intent}-form`} honeypot={false} {...form}>
      {(fields) => (
        <>
          <input type="hidden" name="intent" value={intent} />
          {children(fields)}
        </>
      )}
    </AccountForm>
  );
}
