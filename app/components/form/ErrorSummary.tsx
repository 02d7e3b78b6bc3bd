// The error summary at the top of a refused form: what went wrong, each message a link to its field. With JavaScript
// it takes the focus (and so comes into view) after each refused submission, from the browser's check or the server's.
import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { fieldId } from './Field';

interface ErrorSummaryProps {
  /** conform's messages by field name; the whole form's under the empty name. */
  errors: Record<string, string[] | undefined> | undefined;
  /** The sentence above the list (« Le message n’a pas été envoyé… »). */
  title: ReactNode;
  /** Changes with each refused submission: the summary then takes the focus. */
  attempt: number;
  testId?: string;
  /** The fields in the form's order (messages of other names come last). */
  order?: readonly string[];
}

/** The messages of the fields, in the form's order, and the form's own message apart. */
export function summarise(errors: ErrorSummaryProps['errors'], order: readonly string[] = []) {
  const entries = Object.entries(errors ?? {}).flatMap(([name, messages]) =>
    messages?.[0] ? [{ name, message: messages[0] }] : [],
  );
  const rank = (name: string) => {
    const at = order.indexOf(name);
    return at === -1 ? order.length : at;
  };
  const fields = entries.filter((e) => e.name !== '').sort((a, b) => rank(a.name) - rank(b.name));
  const form = entries.find((e) => e.name === '')?.message;
  return { fields, form };
}

/** A click on a message puts the cursor in its field (the link alone would only scroll to it). */
function focusField(event: MouseEvent<HTMLAnchorElement>, name: string) {
  const field = document.getElementById(fieldId(name));
  if (!field) return;
  event.preventDefault();
  field.focus();
  field.scrollIntoView({ block: 'center' });
}

export function ErrorSummary({ errors, title, attempt, testId, order }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { fields, form } = summarise(errors, order);
  const shows = fields.length > 0 || Boolean(form);
  useEffect(() => {
    if (attempt > 0 && ref.current) {
      ref.current.focus();
      ref.current.scrollIntoView({ block: 'start' });
    }
  }, [attempt]);
  if (!shows) return null;
  // A page the server rendered with a refusal (without JavaScript) opens on the summary: the browser focuses it and
  // brings it into view. In the browser, the effect above does it after each refused sending, never when the summary
  // comes back as the visitor goes on (it would take the focus from the field they move to).
  const box = {
    ref,
    tabIndex: -1,
    autoFocus: import.meta.env.SSR || undefined,
    className: 'notice notice--error error-summary',
    role: 'alert',
    'data-testid': testId,
  };
  // Only the form's own message (« Email ou mot de passe incorrect. »): said as it is.
  if (!fields.length) {
    return <div {...box}>{form}</div>;
  }
  return (
    <div {...box}>
      <p className="error-summary__title">{title}</p>
      {form ? <p>{form}</p> : null}
      <ul className="error-summary__list">
        {fields.map((f) => (
          <li key={f.name}>
            <a href={`#${fieldId(f.name)}`} onClick={(event) => focusField(event, f.name)}>
              {f.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
