// The actions of one account in the admin list: role, trust (decision 042), enable/disable. Each changes what the
// account may do at once, so each asks first (with JavaScript; without it the POST goes through, as before).
import { Form } from '@remix-run/react';
import type { FormEvent, ReactNode } from 'react';
import { FormSecurity } from '~/components/FormSecurity';

interface Account {
  uid: string;
  displayName: string;
  role: 'admin' | 'organizer';
  disabled: boolean;
  trusted: boolean;
}

const confirmThen = (question: string) => (event: FormEvent<HTMLFormElement>) => {
  if (!window.confirm(question)) event.preventDefault();
};

/** One action on the account: a POST with its uid and intent, asked first when it has a question. */
function AccountAction({
  uid,
  intent,
  question,
  busy,
  danger = false,
  children,
}: {
  uid: string;
  intent: string;
  question?: string;
  busy: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset onSubmit={question ? confirmThen(question) : undefined}>
      <FormSecurity honeypot={false} />
      <input type="hidden" name="uid" value={uid} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={danger ? 'button admin-users__danger' : 'button'}
        disabled={busy}
      >
        {children}
      </button>
    </Form>
  );
}

export function UserActions({ user, self, busy }: { user: Account; self: boolean; busy: boolean }) {
  const { uid, displayName: name } = user;
  return (
    <div className="admin-actions admin-users__actions">
      {user.role === 'organizer' ? (
        <AccountAction uid={uid} intent="promote" question={`Donner le rôle d’administrateur à ${name} ?`} busy={busy}>
          Passer admin
        </AccountAction>
      ) : self ? null : (
        <AccountAction uid={uid} intent="demote" question={`Retirer le rôle d’administrateur à ${name} ?`} busy={busy}>
          Repasser organisateur
        </AccountAction>
      )}
      {user.role === 'organizer' ? (
        <AccountAction
          uid={uid}
          intent={user.trusted ? 'untrust' : 'trust'}
          question={
            user.trusted
              ? `Retirer la confiance à ${name} ? Ses prochains événements passeront par la modération.`
              : `Faire confiance à ${name} ? Ses événements seront publiés sans modération (chaque publication reste journalisée).`
          }
          busy={busy}
        >
          {user.trusted ? 'Retirer la confiance' : 'Faire confiance'}
        </AccountAction>
      ) : null}
      {user.disabled ? (
        <AccountAction uid={uid} intent="enable" busy={busy}>
          Réactiver
        </AccountAction>
      ) : self ? null : (
        <AccountAction
          uid={uid}
          intent="disable"
          question={`Désactiver le compte de ${name} ? Ses sessions seront fermées immédiatement.`}
          busy={busy}
          danger
        >
          Désactiver
        </AccountAction>
      )}
      {self ? <span className="admin-users__self">Votre compte</span> : null}
    </div>
  );
}
