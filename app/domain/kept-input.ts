// What a visitor typed into a form the site could not save (decision 062): given back on the 503 page, to send again
// as is or to copy. Passwords are never echoed back; a chosen file cannot be kept.

export interface KeptInput {
  /** Every field to send again, in the form's order. */
  fields: [string, string][];
  /** A file was chosen (an image): it must be chosen again. */
  hadFile: boolean;
}

const SECRET = /pass(word)?|mot-?de-?passe/i;
/** Fields the visitor did not type: tokens, keys, the honeypot's. Sent again, not shown. */
const TECHNICAL = new Set([
  'csrf',
  'website_confirm',
  'from_confirm',
  'submissionKey',
  'intent',
  'seen',
  'pendingImage',
  'redirectTo',
  'step',
]);

export function keptInput(form: FormData | null): KeptInput | null {
  if (!form) return null;
  const fields: [string, string][] = [];
  let hadFile = false;
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') {
      hadFile ||= value.size > 0;
      continue;
    }
    if (!SECRET.test(name)) fields.push([name, value]);
  }
  return { fields, hadFile };
}

/** The values the visitor typed, one per paragraph, to read or copy. */
export function typedText(kept: KeptInput): string {
  return kept.fields
    .filter(([name, value]) => !TECHNICAL.has(name) && value.trim() !== '' && value !== 'on')
    .map(([, value]) => value.trim())
    .join('\n\n');
}
