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

/**
 * Fields whose value was chosen, not typed: a list's code (« single », « weekly-1 », « nouveau ») or a record's id
 * (`venueId`, `organizerId`). Sent again, not shown: read back, they are noise among what the visitor wrote.
 */
const CHOSEN = new Set(['category', 'canton', 'kind', 'scheduleKind', 'ruleRepeat', 'ruleMonthly', 'lat', 'lng']);
const isChosen = (name: string) => CHOSEN.has(name) || /Id$/.test(name);

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
    .filter(([name, value]) => !TECHNICAL.has(name) && !isChosen(name) && value.trim() !== '' && value !== 'on')
    .map(([, value]) => value.trim())
    .join('\n\n');
}
