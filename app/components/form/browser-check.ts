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

/**
 * A field left by pressing something else (a box, a radio, the button) is checked once the press ends, not as it
 * begins: its message, appearing above the thing pressed, would move it away from under the pointer and the click
 * would be lost (an outside tester could not untick « Mêmes horaires » under a refused end date: 53 px). The focus
 * leaves at once; the leaving is announced to the form again after the click. A keyboard or a finger is not held up
 * (a touch moves the focus only once lifted).
 */
/** The forms checked on leaving a field, by id; the listeners are set once, for every such form of the page. */
const afterPress = new Set<string>();

export function checkAfterPress(formId: string): void {
  if (afterPress.size === 0) {
    let pressed = false;
    let held: FocusEvent[] = [];
    window.addEventListener('pointerdown', () => (pressed = true), true);
    const release = () => {
      pressed = false;
      const events = held;
      held = [];
      // After the click this release starts (same task), as if the field had been left then.
      if (events.length)
        setTimeout(() => {
          for (const e of events)
            e.target?.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: e.relatedTarget }));
        });
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    window.addEventListener(
      'focusout',
      (event) => {
        const id = (event.target as HTMLInputElement | null)?.form?.id;
        if (!pressed || !event.isTrusted || !id || !afterPress.has(id)) return;
        event.stopImmediatePropagation();
        held.push(event);
      },
      true,
    );
  }
  afterPress.add(formId);
}
