// An amount in francs as people write it in Switzerland, read the same by the donation pages and the event form.

/**
 * « CHF 1'000.– », « 1 000 », « 25,50 », « 30.- » → « 1000 », « 1000 », « 25.50 », « 30 »: the digits meant, for the
 * field's own check (anything else is left as typed, and refused rather than guessed).
 */
export const swissAmount = (raw: string) =>
  raw
    .trim()
    .replace(/^CHF\s*/i, '')
    .replace(/[\s'’\u00a0\u202f]/g, '')
    .replace(/\.[–-]{1,2}$/, '')
    .replace(',', '.');
