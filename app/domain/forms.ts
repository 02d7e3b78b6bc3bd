// Form helpers shared by every form: read strings out of FormData, turn zod issues into per-field messages.
import type { z } from './zod';

export type FieldErrors = Partial<Record<string, string>>;

/** The text fields of a form, as typed (never files); used to re-fill a form after an error. */
export function formValues(formData: FormData, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = formData.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** The first message of each field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
