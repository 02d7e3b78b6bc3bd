// An admin form posting one `intent` (calendar sources, federation): the summary of a refused submission above it,
// then the form with its CSRF token (no honeypot: only a signed-in admin sees it). conform's props come from useAppForm.
import { Form } from '@remix-run/react';
import type { ComponentProps, ReactNode } from 'react';
import { FormSecurity } from '~/components/FormSecurity';
import { ErrorSummary } from '~/components/form/ErrorSummary';

interface Props {
  intent: string;
  /** What the summary reads of the form and the form element's props, both from useAppForm. */
  summary: Omit<ComponentProps<typeof ErrorSummary>, 'title'>;
  formProps: ComponentProps<typeof Form>;
  /** The sentence above the messages of a refused submission. */
  title: string;
  /** Changes when the form must start afresh (what it added was done). */
  formKey: string | number;
  children: ReactNode;
}

export function IntentForm({ intent, summary, formProps, title, formKey, children }: Props) {
  return (
    <>
      <ErrorSummary {...summary} title={title} />
      <Form key={formKey} method="post" className="form" {...formProps}>
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value={intent} />
        {children}
      </Form>
    </>
  );
}
