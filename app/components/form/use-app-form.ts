// The one form mechanism (decision 040): conform drives every form, fed by the zod schema the server parses with.
// The server still answers a refused form with `{ errors, values }` (app/.server/platform/refusal.ts); this hook turns
// that answer into conform's last result, so the same page works without JavaScript (the server re-renders it with the
// messages and the input) and with it (checks on leaving a field or at sending with the same schema, then at each
// keystroke; focus on the error summary after a refused sending).
import { parse, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { type FormEvent, useMemo, useState } from 'react';
import type { FieldErrors } from '~/domain/forms';
import type { z } from '~/domain/zod';

/** What a route's action answers when it refuses a form (the fields' messages, and the input to show again). */
export interface FormAnswer {
  errors?: FieldErrors;
  values?: Record<string, unknown>;
}

/** The name of the button conform submits the form with to check a field (on leaving it, at each keystroke). */
const INTENT = '__intent__';

/** A field's message under `form` (or none) is about the whole form: conform keeps those under the empty name. */
const FORM_KEY = 'form';

/** The server's answer as conform's last result: every refused field marked as checked, its message beside it. */
export function toLastResult(answer: FormAnswer | null | undefined): SubmissionResult<string[]> | undefined {
  if (!answer?.errors) return undefined;
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(answer.errors)) {
    if (message) error[name === FORM_KEY ? '' : name] = [message];
  }
  const initialValue: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.values ?? {})) {
    if (typeof value === 'string') initialValue[name] = value;
  }
  return { status: 'error', initialValue, error, fields: Object.keys(initialValue) };
}

/** A check that is not one zod schema alone (the event form adds its cross-field rules): messages by field. */
export type Validate = (values: Record<string, unknown>) => FieldErrors;

interface AppFormOptions<Schema extends z.ZodType<Record<string, unknown>>> {
  /** Names the form (ids of its parts); two forms on one page need two ids. */
  id: string;
  /** The schema the server parses with: it gives the constraints (required, lengths, patterns) and the checks. */
  schema: Schema;
  /** The action's answer, when it refused the form. */
  answer?: FormAnswer | null;
  /**
   * How many answers came before this form, when it is mounted afresh for each one (it counts them itself otherwise):
   * the error summary takes the focus after each.
   */
  answered?: number;
  /** The values shown before any answer (an edited record). */
  defaultValue?: Record<string, string | null | undefined>;
  /** Replaces the schema's check when a form has rules across fields. */
  validate?: Validate;
  /**
   * When a field is first checked: on leaving it (default: the long event form checks as one goes), or at sending
   * (short forms, whose button sits right below the fields: a message appearing as the pointer presses the button
   * would move it, and the click would be lost).
   */
  shouldValidate?: 'onBlur' | 'onSubmit';
}

/**
 * conform's form for a schema: constraints from the schema (never retyped in the markup), checks on blur (or at
 * sending) then at each keystroke, the same parse as the server's (no coercion: empty fields reach the schema as empty
 * strings, as on the server). `attempt` changes with each refused sending, so the error summary takes the focus.
 */
export function useAppForm<Schema extends z.ZodType<Record<string, unknown>>>(options: AppFormOptions<Schema>) {
  const { schema, validate } = options;
  const [attempt, setAttempt] = useState(0);
  // One result per answer: conform reports a new result object on every render otherwise (an answer without errors,
  // such as an import's prefill, would loop).
  const lastResult = useMemo(() => toLastResult(options.answer), [options.answer]);
  const [form, fields] = useForm<Record<string, unknown>, Record<string, unknown>, string[]>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: options.shouldValidate ?? 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate({ formData }) {
      if (!validate) return parseWithZod(formData, { schema, disableAutoCoercion: true });
      return parse(formData, {
        resolve(payload) {
          const errors = validate(payload);
          const error: Record<string, string[]> = {};
          for (const [name, message] of Object.entries(errors)) if (message) error[name] = [message];
          return Object.keys(error).length ? { error } : { value: payload };
        },
      });
    },
  });
  // A refusal from the server is an attempt too (the summary takes the focus after it as well).
  const counted = useAnswerCount(options.answer);
  const answered = options.answered ?? counted;
  /** The form element's props: conform's id and submit check, and no browser bubbles (the messages are ours). */
  const formProps = {
    id: form.id,
    noValidate: true,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      form.onSubmit(event);
      // conform checks a field on leaving it through a submission by its own intent button: not an attempt (the
      // summary would take the focus away from the field the visitor moves to).
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (event.defaultPrevented && submitter?.getAttribute('name') !== INTENT) setAttempt((n) => n + 1);
    },
  };
  return { form, fields, attempt: attempt + answered, formProps };
}

/** How many answers the action gave (one more each time a new one arrives). */
function useAnswerCount(answer: unknown): number {
  const [seen, setSeen] = useState<{ answer: unknown; count: number }>({ answer, count: 0 });
  if (seen.answer !== answer) {
    const next = { answer, count: answer ? seen.count + 1 : seen.count };
    setSeen(next);
    return next.count;
  }
  return seen.count;
}
