// Turns a use case's AccountError into the form's answer (status 400, message next to its field).
import { data } from '@remix-run/node';
import type { FieldErrors } from '~/domain/forms';
import { AccountError } from './accounts';

export function refusal<V extends Record<string, string>>(error: unknown, values: V, intent?: string) {
  if (!(error instanceof AccountError)) throw error;
  return data(
    { ok: false as const, intent, errors: { [error.field]: error.message } as FieldErrors, values },
    { status: 400 },
  );
}
