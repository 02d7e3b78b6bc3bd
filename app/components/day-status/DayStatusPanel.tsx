// « Ça a lieu ? » on an event's page (issue 51): what was said on the day and when, the organizer's one-tap form on
// the day, and the visitor's « Me prévenir par email ». Plain forms: the same without JavaScript.
import { Form } from '@remix-run/react';
import { ConfirmPanel } from '~/components/ConfirmAction';
import { FormSecurity } from '~/components/FormSecurity';
import { formatDateTime } from '~/domain/dates';
import { DAY_STATUS_NOTE_MAX, DAY_STATUS_PLACE_MAX } from '~/domain/day-status';

export interface DayStatusShown {
  startsAt: string;
  text: string | null;
  kind: string | null;
  note: string;
  sayable: string[];
}

/** What was typed, and the message of a refusal, when the form comes back. */
export interface DayStatusTyped {
  values?: Record<string, string>;
  error?: { field: string; message: string } | null;
}

export function DayStatusLine({ view }: { view: DayStatusShown }) {
  if (!view.text) return null;
  return (
    <p
      className={`notice ${view.kind === 'cancelled' ? 'notice--error' : view.kind ? 'notice--info' : ''}`}
      data-testid="day-status"
    >
      <strong>{view.text}</strong>
      {view.note ? ` — ${view.note}` : ''}
    </p>
  );
}

/**
 * The organizer's form for one date: « Confirmé » in one tap; « Annulé » apart (another colour, 24 px away, an icon)
 * and asked once on the next page, since it mails every subscriber (issue 70); once cancelled, « Rétablir cette date »
 * in its place. « Reporté » and « Déplacé » with their field.
 */
export function DayStatusForm({
  eventId,
  startsAt,
  back = 'evenement',
  cancelled = false,
  typed,
}: {
  eventId: string;
  startsAt: string;
  back?: string;
  /** This date was cancelled by « Annulé »: « Rétablir cette date » instead. */
  cancelled?: boolean;
  typed?: DayStatusTyped;
}) {
  const values = typed?.values ?? {};
  const error = typed?.error ?? null;
  const errorOf = (field: string) =>
    error?.field === field ? (
      <span className="field__error" role="alert">
        {error.message}
      </span>
    ) : null;
  return (
    <Form
      method="post"
      action={`/evenement/${eventId}/statut`}
      className="day-status-form"
      data-testid="day-status-form"
    >
      <h2 className="day-status-form__title">Ça a lieu&#8239;? ({formatDateTime(startsAt)})</h2>
      <FormSecurity honeypot={false} />
      <input type="hidden" name="startsAt" value={startsAt} />
      <input type="hidden" name="retour" value={back} />
      {error && !['note', 'reportDate', 'deplaceA'].includes(error.field) ? (
        <p className="notice notice--error" role="alert">
          {error.message}
        </p>
      ) : null}
      <label className="field">
        <span>Note (facultative, {DAY_STATUS_NOTE_MAX}&nbsp;caractères au plus)</span>
        <input name="note" maxLength={DAY_STATUS_NOTE_MAX} defaultValue={values.note ?? ''} />
        {errorOf('note')}
      </label>
      {cancelled ? (
        <div className="day-status-form__taps">
          <button
            type="submit"
            name="statut"
            value="confirmed"
            className="button button--confirm"
            data-testid="day-status-restore"
          >
            <span aria-hidden="true">↺</span> Rétablir cette date
          </button>
          <input type="hidden" name="retablir" value="oui" />
        </div>
      ) : (
        <div className="day-status-form__taps">
          <button type="submit" name="statut" value="confirmed" className="button button--confirm">
            <span aria-hidden="true">✓</span> Confirmé
          </button>
          <button type="submit" name="statut" value="cancelled" className="button button--destructive">
            <span aria-hidden="true">✕</span> Annulé
          </button>
        </div>
      )}
      <details open={values.statut === 'postponed' || values.statut === 'moved'}>
        <summary>Reporté ou déplacé</summary>
        <label className="field">
          <span>Reporté au (date)</span>
          <input type="date" name="reportDate" defaultValue={values.reportDate ?? ''} />
          {errorOf('reportDate')}
        </label>
        <label className="field">
          <span>à (heure)</span>
          <input type="time" name="reportHeure" defaultValue={values.reportHeure ?? ''} />
        </label>
        <button type="submit" name="statut" value="postponed" className="button">
          Reporté
        </button>
        <label className="field">
          <span>Déplacé à (lieu)</span>
          <input name="deplaceA" maxLength={DAY_STATUS_PLACE_MAX} defaultValue={values.deplaceA ?? ''} />
          {errorOf('deplaceA')}
        </label>
        <button type="submit" name="statut" value="moved" className="button">
          Déplacé
        </button>
      </details>
    </Form>
  );
}

/**
 * « Annulé », asked once (with or without JavaScript: the answer of the form's first POST): the date, how many
 * visitors will get a mail at once, the note kept; « Oui, annuler cette date » posts it again, confirmed.
 */
export function DayStatusCancelConfirm({
  eventId,
  startsAt,
  subscribers,
  note,
  back,
  backHref,
}: {
  eventId: string;
  startsAt: string;
  subscribers: number;
  note: string;
  back: string;
  backHref: string;
}) {
  return (
    <ConfirmPanel
      title={`Annuler la date du ${formatDateTime(startsAt)} ?`}
      back={backHref}
      form={
        <Form method="post" action={`/evenement/${eventId}/statut`}>
          <FormSecurity honeypot={false} />
          <input type="hidden" name="startsAt" value={startsAt} />
          <input type="hidden" name="retour" value={back} />
          <input type="hidden" name="note" value={note} />
          <input type="hidden" name="confirme" value="oui" />
          <button type="submit" name="statut" value="cancelled" className="button button--danger">
            Oui, annuler cette date
          </button>
        </Form>
      }
    >
      <p data-testid="day-status-cancel-told">{cancelWarning(subscribers)}</p>
      <p>Vous pourrez la rétablir ensuite&nbsp;; les personnes prévenues recevront alors un nouvel email.</p>
    </ConfirmPanel>
  );
}

/** What « Annulé » will do beyond the page, in words. */
export function cancelWarning(subscribers: number): string {
  if (subscribers === 0) return 'La date sera affichée comme annulée. Personne n’a demandé à être prévenu par email.';
  return `La date sera affichée comme annulée et ${
    subscribers === 1 ? 'la personne abonnée recevra' : `les ${subscribers} personnes abonnées recevront`
  } un email tout de suite.`;
}

/** « Me prévenir par email » if it is confirmed, cancelled, postponed or moved on the day. */
export function DayStatusSubscribe({ eventId, typed }: { eventId: string; typed?: DayStatusTyped }) {
  return (
    <Form method="post" action={`/evenement/${eventId}/prevenir`} className="day-status-subscribe">
      <FormSecurity />
      <label className="field">
        <span>Ça a lieu&#8239;? Me prévenir par email le jour même</span>
        <input
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={typed?.values?.email ?? ''}
        />
        {typed?.error ? (
          <span className="field__error" role="alert">
            {typed.error.message}
          </span>
        ) : null}
      </label>
      <button type="submit" className="button">
        Me prévenir
      </button>
    </Form>
  );
}
