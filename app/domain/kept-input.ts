// What a visitor typed into a form the site could not save (decision 062): given back on the 503 page, to send again
// as is or to copy. Passwords are never echoed back; a chosen file cannot be kept.
import { formatDateTime, formatTime } from './dates';

export interface KeptInput {
  /** Every field to send again, in the form's order. */
  fields: [string, string][];
  /** A file was chosen (an image): it must be chosen again. */
  hadFile: boolean;
  /** After a 429, the instant the limit lets the visitor send again (ISO): said as Zurich's time, « à 15:42 ». */
  retryAt?: string;
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

/** An instant a form carries in a hidden field (a date's start): an ISO date and time, never typed as such. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The values the visitor typed, one per paragraph, to read or copy; an instant in fr-CH words, not as ISO. */
export function typedText(kept: KeptInput): string {
  return kept.fields
    .filter(([name, value]) => !TECHNICAL.has(name) && !isChosen(name) && value.trim() !== '' && value !== 'on')
    .map(([, value]) => (INSTANT.test(value.trim()) ? formatDateTime(value.trim()) : value.trim()))
    .join('\n\n');
}

/** When to send again after a 429: « à 15:42 » (Zurich), or « dans une minute » without the instant. */
export function retryWhen(kept: Pick<KeptInput, 'retryAt'>): string {
  return kept.retryAt && !Number.isNaN(Date.parse(kept.retryAt)) ? `à ${formatTime(kept.retryAt)}` : 'dans une minute';
}
