// « Annuler cette date » and « Rétablir cette date », one date of a series at a time (decision 068), on the dashboard
// and on the event's page for its owner. Cancelling is asked twice: without JavaScript the button is a link to the
// confirmation step (/evenement/{id}/date?annuler=…), with it one dialog per list asks for the date clicked (a dialog
// per date would weigh on a series of 80 dates). Restoring is done at once.
import { Form } from '@remix-run/react';
import { createContext, type ReactNode, useCallback, useContext, useId, useRef, useState } from 'react';
import type { DateBack, ManagedDate } from '~/.server/events/cancel-date';
import { Link } from '~/components/Link';
import { DAY_STATUS_NOTE_MAX } from '~/domain/day-status';
import { FormSecurity } from './FormSecurity';

/** What cancelling a date does, said in the dialog and on the confirmation page. */
export function DateCancelText() {
  return (
    <div className="confirm-dialog__text">
      <p>
        Elle restera affichée avec la mention «&nbsp;Annulé&nbsp;» sur la page de l’événement, dans l’agenda, les
        calendriers et l’API, pour prévenir le public qui l’avait repérée. Les personnes qui ont demandé à être
        prévenues reçoivent un email tout de suite. Les autres dates ne changent pas. Pas besoin de nouvelle modération,
        et vous pourrez la rétablir.
      </p>
    </div>
  );
}

/**
 * The note said with the cancellation (« Pluie annoncée »): shown beside the struck date and in the mail to those who
 * asked to be told (« Me prévenir »), as the note of « Annulé » in « Ça a lieu ? » (issue 70).
 */
export function DateCancelNote() {
  return (
    <label className="field">
      <span>Un mot pour le public (facultatif, {DAY_STATUS_NOTE_MAX}&nbsp;caractères au plus)</span>
      <input name="note" maxLength={DAY_STATUS_NOTE_MAX} />
    </label>
  );
}

type Ask = (date: ManagedDate, trigger: HTMLElement) => void;
const AskContext = createContext<{ eventId: string; back: DateBack; ask: Ask | null } | null>(null);

/** The dates of one series (its children use DateCancelControl), and the dialog that asks before cancelling one. */
export function DateCancelDialog({
  eventId,
  back,
  children,
}: {
  eventId: string;
  back: DateBack;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const no = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const [date, setDate] = useState<ManagedDate | null>(null);
  const titleId = useId();
  const ask = useCallback<Ask>((chosen, from) => {
    setDate(chosen);
    trigger.current = from;
    dialog.current?.showModal();
    no.current?.focus();
  }, []);
  return (
    <AskContext.Provider value={{ eventId, back, ask }}>
      {children}
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby={titleId}
        onClose={() => trigger.current?.focus()}
        // The form leaves with the dialog's fields; the page that comes back has no open dialog.
        onSubmit={() => dialog.current?.close()}
      >
        <h2 id={titleId}>Annuler la date du {date?.label ?? ''}&#8239;?</h2>
        <DateCancelText />
        <div className="confirm-dialog__actions">
          {/* One form per date asked: a note typed for one date is not offered for the next. */}
          <Form key={date?.startsAt} method="post" action={`/evenement/${eventId}/date`}>
            <FormSecurity honeypot={false} />
            <input type="hidden" name="startsAt" value={date?.startsAt ?? ''} />
            <input type="hidden" name="retour" value={back} />
            <DateCancelNote />
            <button type="submit" name="intent" value="cancel" className="button button--danger">
              Oui, annuler cette date
            </button>
          </Form>
          <button ref={no} type="button" className="button" onClick={() => dialog.current?.close()}>
            Non, revenir
          </button>
        </div>
      </dialog>
    </AskContext.Provider>
  );
}

/**
 * A date's button: « Annuler cette date » (asked first) or, cancelled, « Rétablir cette date »; `short`: « Annuler » and
 * « Rétablir » beside the date in a list (the date said to screen readers all the same).
 */
export function DateCancelControl({ date, short = false }: { date: ManagedDate; short?: boolean }) {
  const context = useContext(AskContext);
  if (!context) throw new Error('DateCancelControl hors de DateCancelDialog');
  const { eventId, back, ask } = context;
  // Several dates, the same button: its name says which date.
  const which = (
    <span className="visually-hidden">
      {short ? ' la date' : ''} du {date.label}
    </span>
  );
  if (date.cancelled)
    return (
      <Form method="post" action={`/evenement/${eventId}/date`} className="inline-form">
        <FormSecurity honeypot={false} />
        <input type="hidden" name="startsAt" value={date.startsAt} />
        <input type="hidden" name="retour" value={back} />
        <button type="submit" name="intent" value="restore" className="button button--small">
          {short ? 'Rétablir' : 'Rétablir cette date'}
          {which}
        </button>
      </Form>
    );
  const params = new URLSearchParams({ annuler: date.startsAt, retour: back });
  return (
    <Link
      to={`/evenement/${eventId}/date?${params}`}
      className="button button--small button--destructive"
      onClick={(event) => {
        if (!ask || typeof HTMLDialogElement === 'undefined') return;
        event.preventDefault();
        ask(date, event.currentTarget);
      }}
    >
      {short ? 'Annuler' : 'Annuler cette date'}
      {which}
    </Link>
  );
}
