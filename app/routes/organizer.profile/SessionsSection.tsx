import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FormSecurity } from '~/components/FormSecurity';
import { formatDateTime } from '~/domain/dates';

/** The devices signed in to the account, and the button that signs out all the others. */
export function SessionsSection({
  busy,
  sessions,
  message,
}: {
  busy: boolean;
  sessions: { key: string; userAgent: string; current: boolean; createdAt: string; lastSeenAt: string }[];
  message: ReactNode;
}) {
  return (
    <section aria-labelledby="profile-sessions" className="card">
      <h2 id="profile-sessions">Appareils connectés</h2>
      {message}
      <ul className="session-list" data-testid="sessions">
        {sessions.map((s) => (
          <li key={s.key}>
            <strong>{s.userAgent}</strong>
            {s.current ? ' (cet appareil)' : ''}
            <br />
            <small>
              Connecté le {formatDateTime(s.createdAt)} · dernière activité le {formatDateTime(s.lastSeenAt)}
            </small>
          </li>
        ))}
      </ul>
      <Form method="post">
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value="sessions" />
        <button type="submit" className="button" disabled={busy || sessions.length < 2}>
          Déconnecter les autres appareils
        </button>
      </Form>
    </section>
  );
}
