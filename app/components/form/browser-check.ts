// The browser's check of a form (issue 50: loaded after the page shows, with the schema and zod): conform's parse with
// the schema the server parses with, or with a form's own check. Pure, so a test can set it beside the server's
// reading of the same FormData.
import { parse, type Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { FieldErrors } from '~/domain/forms';
import type { z } from '~/domain/zod';

/** A check that is not one zod schema alone (the event form adds its cross-field rules): messages by field. */
export type Validate = (values: Record<string, unknown>) => FieldErrors;

/** The browser's check of a form as conform reads it (its payload: a field not sent is absent). */
export function checkInBrowser(
  formData: FormData,
  schema: z.ZodType<Record<string, unknown>> | undefined,
  validate?: Validate,
): Submission<Record<string, unknown>, string[]> {
  if (!validate && schema) return parseWithZod(formData, { schema, disableAutoCoercion: true });
  return parse<Record<string, unknown>, string[]>(formData, {
    resolve(payload) {
      const errors = validate?.(payload) ?? {};
      const error: Record<string, string[]> = {};
      for (const [name, message] of Object.entries(errors)) if (message) error[name] = [message];
      return Object.keys(error).length ? { error } : { value: payload };
    },
  });
}
