import type { DeliveryTrouble } from '~/.server/federation/deliveries';
import { RowAction } from '~/components/admin/RowAction';
import { formatDateTime } from '~/domain/dates';

/** An activity that did not get through (deliveries.ts), as the page shows it. */
type Trouble = Omit<DeliveryTrouble, 'host' | 'firstAt'>;

interface HostTrouble extends Omit<Trouble, 'activityId' | 'activityType'> {
  host: string;
  activities: Trouble[];
}

const ACTIVITIES: Record<string, string> = {
  Create: 'publication d’un événement',
  Update: 'mise à jour d’un événement',
  Delete: 'retrait d’un événement',
  Announce: 'partage d’un événement',
  Follow: 'demande d’abonnement',
  Undo: 'fin d’abonnement',
  Accept: 'acceptation d’un abonné',
  Reject: 'refus d’un abonné',
  Move: 'déménagement d’un compte',
};

/** The bodies that say nothing more than their status. */
const BARE = /^(not found|gone|unauthorized|forbidden|boom|error|internal server error)\.?$/i;

/**
 * What the remote server answered, in a few French words: a refusal of what was sent (its answer says why: Gancio's
 * « Event not found! ») is not an inbox gone.
 */
export function failureText(status: number | null, detail?: string | null): string {
  const said = detail && !BARE.test(detail) ? ` (réponse\u00a0: «\u00a0${detail}\u00a0»)` : '';
  if (status === null) return `pas de réponse (serveur injoignable ou trop lent)${said}`;
  if ((status === 404 || status === 410) && said)
    return `${status}, envoi refusé par le serveur${said}\u00a0: plus d’essai`;
  if (status === 404 || status === 410)
    return `${status}, boîte introuvable ou envoi refusé par le serveur\u00a0: plus d’essai`;
  if (status === 401 || status === 403) return `${status}, signature refusée (ou compte non reconnu)${said}`;
  if (status === 429) return '429, trop de demandes\u00a0: le serveur demande d’attendre';
  if (status === 502 || status === 503 || status === 504) return `${status}, serveur momentanément indisponible`;
  if (status >= 500) return `${status}, erreur du serveur distant`;
  return `${status}, envoi refusé par le serveur distant${said}`;
}

const attempts = (n: number) => `${n}\u00a0essai${n > 1 ? 's' : ''} en échec`;
const next = (at: string | null) =>
  at ? `prochain essai le ${formatDateTime(at)}` : 'abandonné (plus de nouvel essai)';

export function DeliveriesSection({
  queue,
  troubles,
}: {
  queue: { due: number; later: number };
  troubles: HostTrouble[];
}) {
  return (
    <section aria-labelledby="deliveries">
      <h2 id="deliveries">Envois</h2>
      <p data-testid="federation-queue">
        En file d’attente&nbsp;: {queue.due} à traiter maintenant, {queue.later} à réessayer plus tard.
      </p>
      <p>
        Un envoi qui échoue est réessayé après une minute, puis après une attente qui double à chaque fois
        (12&nbsp;heures au plus), 16&nbsp;essais en tout sur environ trois jours&nbsp;; les autres envois vers le même
        serveur partent à leur heure.
      </p>
      <h3>Serveurs qui ne répondent pas</h3>
      {troubles.length === 0 ? (
        <p>Aucun échec en cours.</p>
      ) : (
        <ul className="federation-troubles" data-testid="federation-failures">
          {troubles.map((t) => (
            <li key={t.host}>
              <p>
                <strong>
                  <code>{t.host}</code>
                </strong>{' '}
                · {attempts(t.attempts)} · dernier le {formatDateTime(t.lastAt)}&nbsp;: {failureText(t.status)} ·{' '}
                {next(t.nextAt)}
              </p>
              <ul>
                {t.activities.map((a) => (
                  <li key={a.activityId ?? a.lastAt}>
                    {ACTIVITIES[a.activityType ?? ''] ?? 'activité'}
                    {a.activityType ? ` (${a.activityType})` : ''}
                    {a.objectId ? (
                      <>
                        {' '}
                        de <code>{a.objectId}</code>
                      </>
                    ) : null}
                    {a.inbox ? (
                      <>
                        {' '}
                        vers la boîte <code>{a.inbox}</code>
                      </>
                    ) : null}{' '}
                    · {attempts(a.attempts)} · {failureText(a.status, a.detail)} · {next(a.nextAt)}
                  </li>
                ))}
              </ul>
              {t.nextAt ? (
                <RowAction
                  row={['host', t.host]}
                  intent="retry"
                  className="button button--secondary"
                  formClassName="inline-form"
                >
                  Réessayer maintenant
                </RowAction>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
