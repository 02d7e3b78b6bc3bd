// An admin's one-button form on a row of a table or list (retry a mail, unfollow, unblock, delete a period): it posts
// `intent` with the hidden field naming the row, and the CSRF token; nothing to type.
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FormSecurity } from '~/components/FormSecurity';

export function RowAction({
  row,
  intent,
  className = 'button',
  formClassName,
  action,
  honeypot = false,
  children,
}: {
  /** The hidden field naming the row: its name and value. */
  row: [name: string, value: string];
  intent: string;
  /** The button's classes. */
  className?: string;
  formClassName?: string;
  action?: string;
  honeypot?: boolean;
  /** The button's text. */
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className={formClassName}>
      <FormSecurity honeypot={honeypot} />
      <input type="hidden" name={row[0]} value={row[1]} />
      <button type="submit" name="intent" value={intent} className={className}>
        {children}
      </button>
    </Form>
  );
}
