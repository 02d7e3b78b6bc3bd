// The account forms (sign in, registration, passwords, profile) on the one form mechanism (decisions 040 and 055).
// They are short: each message stands beside its field, and only the whole form's message (« Email ou mot de passe
// incorrect. ») stands at the top. Each answer of the server starts a fresh form, so what the answer kept comes back
// every time (the email typed) and a password never does.
import { Form, useNavigation } from '@remix-run/react';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { FormSecurity } from '~/components/FormSecurity';
import { useFormKey } from '~/components/useFormKey';
import { ErrorSummary } from './ErrorSummary';
import type { FormShape } from './form-shape';
import { PasswordsEmptied } from './PasswordField';
import { type FormCheck, isRefusal, formMessage as messageOf, useAppForm } from './use-app-form';

type AccountFields = ReturnType<typeof useAppForm>['fields'];

interface AccountFormProps {
  /** Names the form; two forms on one page need two ids. */
  id: string;
  /** The constraints of the schema the action parses with, read at build time (`?schema=…&form-shape`). */
  shape: FormShape;
  /** Loads that schema, for the browser's check (after the page shows). */
  check: () => Promise<FormCheck>;
  /** The action's answer to this form (conform's reply when refused, or done), nothing before the first one. */
  answer: unknown;
  /** The values shown before any refusal (the profile's current name). */
  defaultValue?: Record<string, string | undefined>;
  submitLabel: string;
  /** A button that destroys something (deleting the account). */
  danger?: boolean;
  /** Public forms carry the honeypot; a signed-in person's forms do not need it. */
  honeypot?: boolean;
  /** The fields (and hidden inputs) of the form. */
  children: (fields: AccountFields) => ReactNode;
}

export function AccountForm(props: AccountFormProps) {
  // conform reads the answer's input only when a form starts: a new answer mounts a new form.
  const answerKey = useFormKey(props.answer);
  return <FreshAccountForm key={answerKey} {...props} answered={props.answer ? answerKey : 0} />;
}

/** Empties the password inputs: a refused form never keeps a password, whether the browser or the server refused it. */
function forgetPasswords(form: HTMLFormElement) {
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="password"]')) input.value = '';
}

function FreshAccountForm({
  id,
  shape,
  check,
  answer,
  defaultValue,
  submitLabel,
  danger = false,
  honeypot = true,
  children,
  answered,
}: AccountFormProps & { answered: number }) {
  // A refusal: conform shows its messages and the input it kept (never a password: the server hides them).
  const refusal = isRefusal(answer) ? answer : null;
  // Checked at sending, not on leaving a field: a message appearing when the pointer presses the button would move the
  // button away from under it, and the click would be lost (the forms are short: nothing is far from its message).
  const { form, fields, attempt, formProps } = useAppForm({
    id,
    shape,
    check,
    lastResult: refusal,
    // Mounted afresh for each answer: its `attempt` counts the browser's refusals alone (the summary counts answers).
    answered: 0,
    defaultValue,
    shouldValidate: 'onSubmit',
  });
  const submitting = useNavigation().state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  // `attempt` counts the sendings the browser's check refused in this form (conform's own checks of a field, sent by
  // its hidden button, are not counted). The server's message stays until the person sends again.
  const formMessage = attempt ? form.errors?.[0] : messageOf(refusal);
  // After the server's refusal the focus goes to the form's message (ErrorSummary takes it), else to the first field
  // refused. This form was mounted for that answer: this runs once, with it.
  const refusedFieldsOnly = Boolean(refusal) && !formMessage;
  useEffect(() => {
    if (refusedFieldsOnly) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedFieldsOnly]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const sentByPerson = !submitter || submitter === sendButton.current;
    // A refused sending never keeps a password (conform's checks of a field leave them as they are).
    if (sentByPerson && event.defaultPrevented) forgetPasswords(event.currentTarget);
  };
  return (
    <>
      <ErrorSummary
        errors={{ '': formMessage ? [formMessage] : undefined }}
        title={formMessage}
        attempt={attempt + (refusal ? answered : 0)}
      />
      <Form ref={formRef} method="post" className="form" {...formProps} onSubmit={onSubmit}>
        <FormSecurity honeypot={honeypot} />
        <PasswordsEmptied.Provider value={attempt > 0 || Boolean(refusal)}>
          {children(fields)}
        </PasswordsEmptied.Provider>
        <button
          ref={sendButton}
          type="submit"
          className={`button ${danger ? 'button--danger' : 'button--primary'}`}
          disabled={submitting}
        >
          {submitLabel}
        </button>
      </Form>
    </>
  );
}
