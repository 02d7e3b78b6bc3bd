// « Ça a lieu ? » on an event's page (issue 51): what was said on the day and when, the organizer's one-tap form on
// the day, and the visitor's « Me prévenir par email ». Plain forms: the same without JavaScript.
import { Form } from '@remix-run/react';
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

/** The organizer's form for one date: « Confirmé » and « Annulé » in one tap; « Reporté » and « Déplacé » with their field. */
export function DayStatusForm({
  eventId,
  startsAt,
  back = 'evenement',
  typed,
}: {
  eventId: string;
  startsAt: string;
  back?: string;
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
      <div className="day-status-form__taps">
        <button type="submit" name="statut" value="confirmed" className="button button--primary">
          Confirmé
        </button>
        <button type="submit" name="statut" value="cancelled" className="button button--danger">
          Annulé
        </button>
      </div>
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
