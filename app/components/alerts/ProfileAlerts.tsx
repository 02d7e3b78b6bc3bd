// « Mes alertes par email » in the profile: the alerts of the account's address, each with its unsubscribe button
// (posted to /alertes/profil, which checks the session, the CSRF token and that the alert is the account's).
import { Form } from '@remix-run/react';
import type { ProfileAlert } from '~/.server/alerts/profile';
import { FormSecurity } from '~/components/FormSecurity';
import { Link } from '~/components/Link';

export function ProfileAlerts({ alerts }: { alerts: readonly ProfileAlert[] }) {
  return (
    <section aria-labelledby="profile-alerts" className="card" data-testid="profile-alerts">
      <h2 id="profile-alerts">Mes alertes par email</h2>
      {alerts.length === 0 ? (
        <p>
          Aucune alerte pour votre adresse. Sous une liste filtrée d’<Link to="/evenements">événements</Link>,
          «&nbsp;Recevoir ces événements par email&nbsp;» vous envoie les nouveautés.
        </p>
      ) : (
        <ul className="session-list">
          {alerts.map((a) => (
            <li key={a.id}>
              <Link to={a.list}>{a.description}</Link> · {a.rhythm}
              {a.pending ? ' (en attente de confirmation)' : ''}
              <Form method="post" action="/alertes/profil">
                <FormSecurity honeypot={false} />
                <input type="hidden" name="alerte" value={a.id} />
                <button type="submit" className="button">
                  Me désabonner
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
