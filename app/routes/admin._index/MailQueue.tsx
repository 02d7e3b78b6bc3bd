// The dashboard's mail panel (decision 060): mails waiting for the mail server, those that failed with the reason,
// and « Réessayer » for each or all (forms: with or without JavaScript).
import { Form } from '@remix-run/react';
import type { MailQueueSummary } from '~/.server/mail/admin-mails';
import { RowAction } from '~/components/admin/RowAction';
import { formatCount, plural } from '~/components/charts/format';
import { FormSecurity } from '~/components/FormSecurity';
import { formatShortDate, formatTime } from '~/domain/dates';

export function MailQueue({ mails }: { mails: MailQueueSummary }) {
  return (
    <section id="mails" className="admin-dashboard__panel" aria-labelledby="dashboard-mails">
      <h2 id="dashboard-mails">Mails</h2>
      <p className="admin-dashboard__note" data-testid="dashboard-mails-count">
        {formatCount(mails.waiting)} en attente d’envoi · {formatCount(mails.failed)} en échec. Un mail que le serveur
        de mail n’accepte pas est réessayé pendant un jour, puis gardé ici trente jours.
      </p>
      {mails.stuck ? (
        <p className="notice notice--warning" data-testid="dashboard-mails-stuck">
          Pas encore parti depuis le{' '}
          <time dateTime={mails.stuck.createdAt}>
            {formatShortDate(mails.stuck.createdAt)} à {formatTime(mails.stuck.createdAt)}
          </time>
          &#160;: «&#160;{mails.stuck.subject}&#160;», {plural(mails.stuck.attempts, 'essai')}
          {mails.stuck.lastError ? <> · {mails.stuck.lastError}</> : null}
        </p>
      ) : null}
      {mails.failedMails.length === 0 ? (
        <p className="admin-dashboard__empty">Aucun mail en échec.</p>
      ) : (
        <>
          <ol className="admin-dashboard__mails">
            {mails.failedMails.map((mail) => (
              <li key={mail.id} data-testid={`failed-mail-${mail.id}`}>
                <span>
                  <strong>{mail.subject}</strong> à {mail.to}
                  <span className="admin-dashboard__note">
                    {' '}
                    · {plural(mail.attempts, 'essai')}, le dernier le{' '}
                    <time dateTime={mail.updatedAt}>
                      {formatShortDate(mail.updatedAt)} à {formatTime(mail.updatedAt)}
                    </time>
                    {mail.lastError ? <> · {mail.lastError}</> : null}
                  </span>
                </span>
                <RowAction row={['mailId', mail.id]} intent="retry-mail" action="/admin?index" honeypot>
                  Réessayer
                </RowAction>
              </li>
            ))}
          </ol>
          {mails.failed > 1 ? (
            <Form method="post" action="/admin?index">
              <FormSecurity />
              <button type="submit" name="intent" value="retry-all-mails" className="button">
                Tout réessayer ({mails.failed})
              </button>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}
