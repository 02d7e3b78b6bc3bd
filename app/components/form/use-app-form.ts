// The one form mechanism (decisions 040 and 078): conform drives every form, fed by the zod schema the server parses
// with. The server answers a refused form with conform's reply (app/.server/platform/refusal.ts), which this hook takes
// as the form's last result as it is: the same page works without JavaScript (the server renders it with the messages
// and the input) and with it (checks on leaving a field or at sending with the same schema, then at each keystroke;
// focus on the error summary after a refused sending).
import { parse, type Submission, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { type FormEvent, useMemo, useState } from 'react';
import type { FieldErrors } from '~/domain/forms';
import type { z } from '~/domain/zod';

/** An action's answer to a form: conform's reply (refused: its messages and the input), with what else the page needs. */
export type FormResult = SubmissionResult<string[]>;

/** The name of the button conform submits the form with to check a field (on leaving it, at each keystroke). */
const INTENT = '__intent__';

/** An answer that refused the form (a form done answers something else, or conform's reply without messages). */
export const isRefusal = (answer: unknown): answer is FormResult & { status: 'error' } =>
  typeof answer === 'object' && answer !== null && (answer as FormResult).status === 'error';

/** The message of a refused form about the whole form (« Email ou mot de passe incorrect. »), if any. */
export const formMessage = (answer: unknown): string | undefined =>
  isRefusal(answer) ? (answer.error?.[''] ?? undefined)?.[0] : undefined;

/** The text an answer kept, by field: every field sent, an empty one as '' (conform's reply leaves it out). */
export function keptValues(answer: unknown): Record<string, string> | undefined {
  if (!isRefusal(answer)) return undefined;
  const values: Record<string, string> = {};
  for (const name of answer.fields ?? []) values[name] = '';
  for (const [name, value] of Object.entries(answer.initialValue ?? {}))
    if (typeof value === 'string') values[name] = value;
  return values;
}

/** The values a server's answer gives a form to start from (an import's prefill), whatever its status. */
export function startingValues(answer: FormResult | null | undefined): Record<string, string> | undefined {
  if (!answer?.initialValue) return undefined;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.initialValue)) if (typeof value === 'string') values[name] = value;
  return values;
}

/** The first message of each field an answer refused; the whole form's under the empty name. */
export function firstMessages(answer: unknown): Record<string, string> {
  const messages: Record<string, string> = {};
  if (!isRefusal(answer)) return messages;
  for (const [name, list] of Object.entries(answer.error ?? {})) if (list?.[0]) messages[name] = list[0];
  return messages;
}

/** The fields of a schema in the order it declares them, which is the form's: the error summary lists them so. */
export function fieldOrder(schema: z.ZodType): string[] {
  const shape =
    (schema as { shape?: Record<string, unknown> }).shape ?? (schema as { in?: { shape?: object } }).in?.shape;
  return shape ? Object.keys(shape) : [];
}

/** A check that is not one zod schema alone (the event form adds its cross-field rules): messages by field. */
export type Validate = (values: Record<string, unknown>) => FieldErrors;

/**
 * The browser's check of a form as conform reads it (its payload: a field not sent is absent), with the schema or the
 * form's own check. Pure, so a test can set it beside the server's reading of the same FormData.
 */
export function checkInBrowser(
  formData: FormData,
  schema: z.ZodType<Record<string, unknown>>,
  validate?: Validate,
): Submission<Record<string, unknown>, string[]> {
  if (!validate) return parseWithZod(formData, { schema, disableAutoCoercion: true });
  return parse<Record<string, unknown>, string[]>(formData, {
    resolve(payload) {
      const errors = validate(payload);
      const error: Record<string, string[]> = {};
      for (const [name, message] of Object.entries(errors)) if (message) error[name] = [message];
      return Object.keys(error).length ? { error } : { value: payload };
    },
  });
}

interface AppFormOptions<Schema extends z.ZodType<Record<string, unknown>>> {
  /** Names the form (ids of its parts); two forms on one page need two ids. */
  id: string;
  /** The schema the server parses with: it gives the constraints (required, lengths, patterns) and the checks. */
  schema: Schema;
  /** The action's answer (conform's reply), when it refused the form. */
  lastResult?: unknown;
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
  const answer = options.lastResult;
  const lastResult = useMemo(() => (isRefusal(answer) ? answer : undefined), [answer]);
  const [form, fields] = useForm<Record<string, unknown>, Record<string, unknown>, string[]>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: options.shouldValidate ?? 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => checkInBrowser(formData, schema, validate),
  });
  // A refusal from the server is an attempt too (the summary takes the focus after it as well).
  const counted = useAnswerCount(lastResult);
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
  const order = useMemo(() => fieldOrder(schema), [schema]);
  /** What the error summary reads of the form: its messages, the attempt that moves the focus, the fields' order. */
  const summary = { errors: form.allErrors, attempt: attempt + answered, order };
  return { form, fields, attempt: attempt + answered, formProps, order, summary };
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
