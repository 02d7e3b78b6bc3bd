// The manage page of a « Me prévenir » alert (issue 51), by the link of each mail: that event in words, the address,
// the offer of a notification in this browser too (with JavaScript), and unsubscribing.

import { AlertLinkLeave, AlertLinkPage } from '~/components/alerts/AlertLinkPage';
import { Link } from '~/components/Link';
import { DAY_STATUS_ALERT_WORDS as WORDS } from '~/domain/day-status-words';
import type { PushClientConfig } from '~/domain/push';
import { DayStatusPushOffer } from './DayStatusPushOffer';

export function DayStatusManage({
  event,
  push,
  email,
  confirmed,
  unsubscribe,
}: {
  event: { id: string; title: string };
  push: PushClientConfig | null;
  email: string;
  confirmed: boolean;
  unsubscribe: string;
}) {
  return (
    <AlertLinkPage title={WORDS.manageTitle}>
      {confirmed ? (
        <p className="notice notice--success" role="status" data-testid="alert-confirmed">
          {WORDS.confirmed(event.title)}
        </p>
      ) : (
        <p>{WORDS.manageLead(event.title)}</p>
      )}
      <dl className="alert-summary">
        <dt>Événement</dt>
        <dd>
          <Link to={`/evenement/${event.id}`}>{event.title}</Link>
        </dd>
        <dt>Adresse</dt>
        <dd>{email}</dd>
      </dl>
      <DayStatusPushOffer eventId={event.id} config={push} />
      <AlertLinkLeave title={WORDS.leaveTitle} text={WORDS.leaveText} action={unsubscribe} />
    </AlertLinkPage>
  );
}
