// A destructive action asked twice. Without JavaScript the button is a link to the page's confirmation step (a URL
// parameter the loader reads, shown by ConfirmPanel with a POST form); with JavaScript the same confirmation opens in
// a native modal <dialog>: the rest of the page is inert, Escape closes it, focus goes to « Non » and comes back to the
// button afterwards.

import { type ReactNode, useId, useRef } from 'react';
import { Link } from '~/components/Link';

interface Confirmation {
  /** The question, as the dialog's heading: « Annuler « Concert de l’Avent » ? ». */
  title: string;
  /** What will happen, and whether it can be undone. */
  children: ReactNode;
  /** The POST form that does it (its submit button says what it does). */
  form: ReactNode;
}

/** The button (a link to `href`, the confirmation step) and, with JavaScript, the dialog it opens instead. */
export function ConfirmAction({
  href,
  label,
  labelDetail,
  testId,
  ...confirmation
}: Confirmation & {
  href: string;
  label: string;
  /** Said to screen readers after the label (« « Musique » »), when many rows have the same button. */
  labelDetail?: string;
  testId?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  const no = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  return (
    <>
      <Link
        ref={trigger}
        to={href}
        className="button button--destructive"
        data-testid={testId}
        preventScrollReset
        onClick={(event) => {
          if (!dialog.current || typeof dialog.current.showModal !== 'function') return;
          event.preventDefault();
          dialog.current.showModal();
          no.current?.focus();
        }}
      >
        {label}
        {labelDetail ? <span className="visually-hidden">{labelDetail}</span> : null}
      </Link>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby={titleId}
        onClose={() => trigger.current?.focus()}
        // The form leaves with the dialog's fields; the page that comes back has no open dialog.
        onSubmit={() => dialog.current?.close()}
      >
        <h2 id={titleId}>{confirmation.title}</h2>
        <div className="confirm-dialog__text">{confirmation.children}</div>
        <div className="confirm-dialog__actions">
          {confirmation.form}
          <button ref={no} type="button" className="button" onClick={() => dialog.current?.close()}>
            Non, revenir
          </button>
        </div>
      </dialog>
    </>
  );
}

/** The confirmation step as a page section (without JavaScript, or a direct visit of its URL). */
export function ConfirmPanel({ back, ...confirmation }: Confirmation & { back: string }) {
  const titleId = useId();
  return (
    <section className="confirm-panel notice notice--warning" aria-labelledby={titleId} data-testid="confirm-panel">
      <h2 id={titleId} tabIndex={-1}>
        {confirmation.title}
      </h2>
      <div className="confirm-dialog__text">{confirmation.children}</div>
      <div className="confirm-dialog__actions">
        {confirmation.form}
        <Link to={back} className="button">
          Non, revenir
        </Link>
      </div>
    </section>
  );
}
