// The two notes of a field, by the ids its control names in aria-describedby: `<id>-hint` under the label, and
// `<id>-error`, the message said at once when the field is refused.
import type { ReactNode } from 'react';

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-hint`} className="field__hint">
      {children}
    </p>
  );
}

/** Nothing while the field has no message. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}

/** A hand-written control's naming props: its id and name, invalid or not, and the ids of its two notes. */
export const notedControl = (name: string, errors: Record<string, string | undefined>) => ({
  id: `field-${name}`,
  name,
  'aria-invalid': errors[name] ? true : undefined,
  'aria-describedby': [`field-${name}-hint`, errors[name] ? `field-${name}-error` : null].filter(Boolean).join(' '),
});
