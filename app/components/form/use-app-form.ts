// The one form mechanism (decisions 040 and 078): conform drives every form, fed by the zod schema the server parses
// with. The server answers a refused form with conform's reply (app/.server/platform/refusal.ts), which this hook takes
// as the form's last result as it is: the same page works without JavaScript (the server renders it with the messages
// and the input) and with it (checks on leaving a field or at sending with the same schema, then at each keystroke;
// focus on the error summary after a refused sending). The page renders the constraints read from the schema at build
// time (form-shape.ts); the schema, zod and the check load after the page shows (issue 50: zod alone is 24 KB gzip).
// A form sent before they arrive goes to the server, which checks it as without JavaScript.
import { parse, type SubmissionResult, useForm } from '@conform-to/react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { Validate } from './browser-check';
import type { FormShape } from './form-shape';

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

/** What the browser checks a form with, loaded after the page shows: the schema the server parses with, or the form's
 * own check (rules across fields). */
export type FormCheck = { schema: unknown; validate?: undefined } | { schema?: undefined; validate: Validate };

interface AppFormOptions {
  /** Names the form (ids of its parts); two forms on one page need two ids. */
  id: string;
  /** The schema's constraints (required, lengths, patterns) and fields' order, read at build time (form-shape.ts). */
  shape: FormShape;
  /** Loads the check (`() => import('~/domain/x').then((m) => ({ schema: m.xSchema }))`), once the page shows. */
  check: () => Promise<FormCheck>;
  /** The action's answer (conform's reply), when it refused the form. */
  lastResult?: unknown;
  /**
   * How many answers came before this form, when it is mounted afresh for each one (it counts them itself otherwise):
   * the error summary takes the focus after each.
   */
  answered?: number;
  /** The values shown before any answer (an edited record). */
  defaultValue?: Record<string, string | null | undefined>;
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
export function useAppForm(options: AppFormOptions) {
  const { shape } = options;
  const [attempt, setAttempt] = useState(0);
  const check = useLoadedCheck(options.check, options.id, (options.shouldValidate ?? 'onBlur') === 'onBlur');
  // One result per answer: conform reports a new result object on every render otherwise (an answer without errors,
  // such as an import's prefill, would loop).
  const answer = options.lastResult;
  const lastResult = useMemo(() => (isRefusal(answer) ? answer : undefined), [answer]);
  const [form, fields] = useForm<Record<string, unknown>, Record<string, unknown>, string[]>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    constraint: shape.constraint,
    shouldValidate: options.shouldValidate ?? 'onBlur',
    shouldRevalidate: 'onInput',
    // Before the check has loaded, the form goes as it is: the server checks it (as without JavaScript).
    onValidate: ({ formData }) =>
      check.current ? check.current(formData) : parse(formData, { resolve: (value) => ({ value }) }),
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
  // The summary says the form was not sent: it shows once a sending was refused (by the browser's check or by the
  // server, whose answer a page without JavaScript renders), never for a field checked on leaving it before that.
  const attempts = attempt + answered;
  const refused = attempts > 0 || lastResult !== undefined;
  /** What the error summary reads of the form: its messages, the attempt that moves the focus, the fields' order. */
  const summary = { errors: refused ? form.allErrors : undefined, attempt: attempts, order: shape.order };
  return { form, fields, attempt: attempts, formProps, order: shape.order, summary };
}

type Checker = (formData: FormData) => ReturnType<typeof import('./browser-check').checkInBrowser>;

/** The form's check, loaded once the form is on the page (after the first paint: an effect runs after hydration). */
function useLoadedCheck(load: () => Promise<FormCheck>, formId: string, onBlur: boolean) {
  const check = useRef<Checker | null>(null);
  const first = useRef(load);
  useEffect(() => {
    let mounted = true;
    Promise.all([import('./browser-check'), first.current()]).then(
      ([{ checkInBrowser, checkAfterPress }, loaded]) => {
        if (!mounted) return;
        check.current = (formData) =>
          checkInBrowser(formData, loaded.schema as Parameters<typeof checkInBrowser>[1], loaded.validate);
        // A field is checked on leaving it from now on: never as a press begins (checkAfterPress).
        if (onBlur) checkAfterPress(formId);
      },
      // Offline or a new release: the form still goes to the server, which checks it.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [formId, onBlur]);
  return check;
}

/**
 * How many answers the action gave (one more each time a new one arrives). A form that first shows with an answer
 * counts it: the refusal of a form sent from another page (an alert asked from the list) is an attempt too.
 */
function useAnswerCount(answer: unknown): number {
  const [seen, setSeen] = useState<{ answer: unknown; count: number }>(() => ({ answer, count: answer ? 1 : 0 }));
  if (seen.answer !== answer) {
    const next = { answer, count: answer ? seen.count + 1 : seen.count };
    setSeen(next);
    return next.count;
  }
  return seen.count;
}
