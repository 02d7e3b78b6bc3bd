// A refused form's answer, in one place: the form layer turns a use case's UseCaseError, or the schema's issues, into
// field messages with the input kept (status from the error: 400, 403, 404, 409…). Routes never build a 400 by hand.
import { data } from '@remix-run/node';
import { type FieldErrors, fieldErrors } from '~/domain/forms';
import type { z } from '~/domain/zod';
import { UseCaseError } from './use-case-error';

export const FORM_UNREADABLE = 'Formulaire invalide : rechargez la page et réessayez.';

/** The answer of a form the use case refused (rethrows anything else): its message beside its field. */
export function refused<Extra extends Record<string, unknown>>(error: unknown, extra: Extra = {} as Extra) {
  if (!(error instanceof UseCaseError)) throw error;
  return data(
    {
      ok: false as const,
      message: error.message,
      field: error.field,
      errors: { [error.field]: error.message } as FieldErrors,
      ...extra,
    },
    { status: error.status },
  );
}

/** The answer of a form the schema refused: the first message of each field. */
export function invalid<Extra extends Record<string, unknown>>(error: z.ZodError, extra: Extra = {} as Extra) {
  return data({ ok: false as const, errors: fieldErrors(error), ...extra }, { status: 400 });
}

/** The answer of a form whose use case checked each field itself (event, partner): the messages by field. */
export function invalidFields<Extra extends Record<string, unknown>>(errors: FieldErrors, extra: Extra = {} as Extra) {
  return data({ ok: false as const, errors, ...extra }, { status: 400 });
}

/** A use case's refusal for a script (fetch): JSON `{ ok: false, error, message }` with its status. */
export function refusedJson(error: unknown): Response {
  if (!(error instanceof UseCaseError)) throw error;
  return Response.json({ ok: false, error: error.message, message: error.message }, { status: error.status });
}

/**
 * A request refused before its route reads it (the guard, the body readers), thrown: `{ message }` in French with its
 * status, never cached. A Response rather than data(): a page's error boundary reads the message from either, but a
 * route without a page (an upload, a script's endpoint) would answer a thrown data() with Remix's « Unexpected Server
 * Error ».
 */
export function refusedRequest(message: string, status: number, headers: Record<string, string> = {}): Response {
  return Response.json({ message }, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}
