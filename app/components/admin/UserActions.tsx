// The actions of one account in the admin list: role, trust (decision 042), enable/disable. Each changes what the
// account may do at once, so each asks first (with JavaScript; without it the POST goes through, as before).
import { Form } from '@remix-run/react';
import type { FormEvent } from 'react';
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

export function UserActions({ user, self, busy }: { user: Account; self: boolean; busy: boolean }) {
  return (
    <div className="admin-actions admin-users__actions">
      {user.role === 'organizer' ? (
        <Form
          method="post"
          preventScrollReset
          onSubmit={confirmThen(`Donner le rôle d’administrateur à ${user.displayName} ?`)}
        >
          <FormSecurity honeypot={false} />
          <input type="hidden" name="uid" value={user.uid} />
          <button type="submit" name="intent" value="promote" className="button" disabled={busy}>
            Passer admin
          </button>
        </Form>
      ) : self ? null : (
        <Form
          method="post"
          preventScrollReset
          onSubmit={confirmThen(`Retirer le rôle d’administrateur à ${user.displayName} ?`)}
        >
          <FormSecurity honeypot={false} />
          <input type="hidden" name="uid" value={user.uid} />
          <button type="submit" name="intent" value="demote" className="button" disabled={busy}>
            Repasser organisateur
          </button>
        </Form>
      )}
      {user.role === 'organizer' ? (
        <Form
          method="post"
          preventScrollReset
          onSubmit={confirmThen(
            user.trusted
              ? `Retirer la confiance à ${user.displayName} ? Ses prochains événements passeront par la modération.`
              : `Faire confiance à ${user.displayName} ? Ses événements seront publiés sans modération (chaque publication reste journalisée).`,
          )}
        >
          <FormSecurity honeypot={false} />
          <input type="hidden" name="uid" value={user.uid} />
          <button
            type="submit"
            name="intent"
            value={user.trusted ? 'untrust' : 'trust'}
            className="button"
            disabled={busy}
          >
            {user.trusted ? 'Retirer la confiance' : 'Faire confiance'}
          </button>
        </Form>
      ) : null}
      {user.disabled ? (
        <Form method="post" preventScrollReset>
          <FormSecurity honeypot={false} />
          <input type="hidden" name="uid" value={user.uid} />
          <button type="submit" name="intent" value="enable" className="button" disabled={busy}>
            Réactiver
          </button>
        </Form>
      ) : self ? null : (
        <Form
          method="post"
          preventScrollReset
          onSubmit={confirmThen(
            `Désactiver le compte de ${user.displayName} ? Ses sessions seront fermées immédiatement.`,
          )}
        >
          <FormSecurity honeypot={false} />
          <input type="hidden" name="uid" value={user.uid} />
          <button type="submit" name="intent" value="disable" className="button admin-users__danger" disabled={busy}>
            Désactiver
          </button>
        </Form>
      )}
      {self ? <span className="admin-users__self">Votre compte</span> : null}
    </div>
  );
}
