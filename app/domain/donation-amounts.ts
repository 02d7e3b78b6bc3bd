// Donation amounts in francs: the limits and how we write an amount. Apart from the schemas of donation.ts (which
// re-exports them), so that a page carries them without zod (issue 50).
import { formatCount } from './numbers';

export const DONATION_MIN = 5;
export const DONATION_MAX = 10_000;
export const SUGGESTED_AMOUNTS = [10, 25, 50, 100] as const;
export const PUBLIC_NAME_MAX = 60;

export const AMOUNT_MESSAGE = 'Indiquez un montant entre 5 et 10 000 CHF.';
export const AMOUNT_FORMAT_MESSAGE = 'Indiquez un montant en francs, par exemple 25 ou 25.50 (deux décimales au plus).';

/** Francs to centimes, exactly (25.1 → 2510, never 2509.9999). */
export function toCentimes(amount: number): number {
  return Math.round(amount * 100);
}

/** « CHF 25.– » for whole francs, « CHF 25.50 » otherwise, « CHF 10 000.– » (Swiss usage: point before centimes). */
export function formatChf(amount: number): string {
  const centimes = toCentimes(amount);
  const francs = formatCount(Math.trunc(centimes / 100));
  const rest = centimes % 100;
  return rest === 0 ? `CHF ${francs}.–` : `CHF ${francs}.${String(rest).padStart(2, '0')}`;
}

/** The amount as it goes back into a form field or a URL: « 25 », « 25.5 ». */
export function amountParam(amount: number): string {
  return String(toCentimes(amount) / 100);
}
