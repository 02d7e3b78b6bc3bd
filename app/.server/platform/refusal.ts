// A posted form read and answered in one place (decision 078): conform's parse with the schema the browser checks with,
// and conform's reply as the answer, which the page's form takes as its last result, with or without JavaScript (the
// server renders the page from it: the messages beside their fields, the input kept). A use case's UseCaseError
// becomes the message of its field, or of the whole form; its status says what kind of refusal it is (400, 403, 409…).
// Routes never build a 400 by hand.
import { parse, type Submission, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from '@remix-run/node';
import type { FieldErrors } from '~/domain/forms';
import type { KeptInput } from '~/domain/kept-input';
import type { z } from '~/domain/zod';
import { UseCaseError } from './use-case-error';

export const FORM_UNREADABLE = 'Formulaire invalide : rechargez la page et réessayez.';

/** conform's result of a form, as an action answers it and a page's form reads it (`useAppForm({ lastResult })`). */
export type FormReply = SubmissionResult<string[]>;

/** Anything conform parsed: a form read with its schema, or with a use case's own checks (the event form). */
export type ParsedForm = Pick<Submission<unknown, string[]>, 'reply'>;

/**
 * Reads a posted form (or a GET form's query) with its schema as the browser does (no coercion: an empty field reaches the schema as an empty
 * string, an absent one as undefined).
 */
export function readForm<Schema extends z.ZodType>(formData: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

/**
 * Reads a form whose use case checks every field itself (the event form: rules across fields and relative to today,
 * which one schema cannot hold): conform carries the input, the use case's messages make the refusal (`invalid`).
 */
export function readFormCheckedByUseCase(formData: FormData) {
  return parse<undefined, string[]>(formData, { resolve: () => ({ value: undefined }) });
}

/**
 * A form's starting values made by the server (an import's prefill) in the shape of conform's reply: the page's form
 * takes them as it takes the input a refusal kept, with or without JavaScript.
 */
export function prefilled(values: Record<string, string>): FormReply {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.set(name, value);
  return readFormCheckedByUseCase(formData).reply();
}

/** The text fields of a read form as typed (files left out), for a use case that checks them itself. */
export function typedText(submission: { payload: Record<string, unknown> }): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(submission.payload)) if (typeof value === 'string') values[name] = value;
  return values;
}

interface ReplyOptions<Extra> {
  /** Messages a use case found beyond the schema's, by field (`form`: the whole form). */
  errors?: FieldErrors;
  /** Fields never sent back (passwords). */
  hideFields?: string[];
  status?: number;
  /** What the page needs besides the form (a filter's description, the duplicates found…). */
  extra?: Extra;
}

/** conform's messages: a list per field, the whole form's under the empty name. */
function asMessages(errors: FieldErrors) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [name, message] of Object.entries(errors)) {
    if (!message) continue;
    if (name === 'form' || name === '') formErrors.push(message);
    else fieldErrors[name] = [message];
  }
  return { formErrors, fieldErrors };
}

/**
 * The answer of a refused form: conform's reply (its messages, the input to show again) with its status. A refusal
 * even without a message beside a field (the event form's « Doublon possible » step, its dates' preview): the page
 * shows the input it kept.
 */
export function invalid<Extra extends Record<string, unknown> = Record<never, never>>(
  submission: ParsedForm,
  { errors, hideFields, status = 400, extra }: ReplyOptions<Extra> = {},
) {
  const reply = submission.reply({ ...(errors ? asMessages(errors) : {}), hideFields });
  return data({ ...(extra as Extra), ...reply, status: 'error' as const }, { status });
}

/** The answer of a form its use case refused (rethrows anything else): the message beside its field. */
export function refused<Extra extends Record<string, unknown> = Record<never, never>>(
  submission: ParsedForm,
  error: unknown,
  options: Omit<ReplyOptions<Extra>, 'errors' | 'status'> = {},
) {
  if (!(error instanceof UseCaseError)) throw error;
  return invalid(submission, { ...options, errors: { [error.field]: error.message }, status: error.status });
}

/**
 * A use case's refusal of a button without fields (resend a mail, a moderation decision, an account's action): its
 * message above what the button acts on (rethrows anything else).
 */
export function refusedAction<Extra extends Record<string, unknown>>(error: unknown, extra: Extra = {} as Extra) {
  if (!(error instanceof UseCaseError)) throw error;
  return data({ ok: false as const, message: error.message, field: error.field, ...extra }, { status: error.status });
}

/** A use case's refusal for a script (fetch): JSON `{ ok: false, error, message }` with its status. */
export function refusedJson(error: unknown): Response {
  if (!(error instanceof UseCaseError)) throw error;
  return Response.json({ ok: false, error: error.message, message: error.message }, { status: error.status });
}

/**
 * A request refused before its route reads it (the guard, the body readers), thrown: `{ message }` in French with its
 * status, never cached; with `kept`, what the visitor typed, which the error page gives back (a 429). A Response
 * rather than data(): a page's error boundary reads the message from either, but a route without a page (an upload, a
 * script's endpoint) would answer a thrown data() with Remix's « Unexpected Server Error ».
 */
export function refusedRequest(
  message: string,
  status: number,
  headers: Record<string, string> = {},
  kept: KeptInput | null = null,
): Response {
  return Response.json(kept ? { message, kept } : { message }, {
    status,
    headers: { 'Cache-Control': 'no-store', ...headers },
  });
}

/**
 * A loader's use case: its refusal becomes the site's error page with its status and message (someone else's event,
 * or none: « Page introuvable », 404), never a 500. Other errors pass as they are.
 */
export async function orErrorPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    throw data({ message: error.message }, { status: error.status });
  }
}
