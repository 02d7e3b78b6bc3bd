// Donations in francs: the amount a donor types (validated the same way on the page, the QR-bill and the checkout)
// and how we write it.
import { formatCount } from './numbers';
import { z } from './zod';

export const DONATION_MIN = 5;
export const DONATION_MAX = 10_000;
export const SUGGESTED_AMOUNTS = [10, 25, 50, 100] as const;
export const PUBLIC_NAME_MAX = 60;

export const AMOUNT_MESSAGE = 'Indiquez un montant entre 5 et 10 000 CHF.';
export const AMOUNT_FORMAT_MESSAGE = 'Indiquez un montant en francs, par exemple 25 ou 25.50 (deux décimales au plus).';

/**
 * « 25 », « 25.50 », « 25,50 », « 1'000 », « 1 000 », « 25.– » → 25, 25.5, 1000… in francs; at most two decimals.
 * Swiss writing habits are accepted; anything else is refused rather than guessed.
 */
export const amountSchema = z
  .string({ error: AMOUNT_MESSAGE })
  .transform((raw) =>
    raw
      .trim()
      .replace(/^CHF\s*/i, '')
      .replace(/[\s'’\u00a0\u202f]/g, '')
      .replace(/\.[–-]$/, '')
      .replace(',', '.'),
  )
  .pipe(
    z
      .string()
      .min(1, AMOUNT_MESSAGE)
      .regex(/^\d{1,7}(\.\d{1,2})?$/, AMOUNT_FORMAT_MESSAGE)
      .transform(Number)
      .pipe(z.number().min(DONATION_MIN, AMOUNT_MESSAGE).max(DONATION_MAX, AMOUNT_MESSAGE)),
  );

/** The free amount of the page (a GET form: the loader reads it with amountSchema too). */
export const freeAmountSchema = z.object({ montant: amountSchema });

/** The card/TWINT form: the amount and, if the donor wishes, the name shown among our donors. */
export const checkoutSchema = z
  .object({
    montant: amountSchema,
    /** The checkbox: « oui » when ticked (anything else counts as not ticked). */
    public: z
      .string()
      .optional()
      .transform((v) => v === 'oui'),
    nomPublic: z
      .string()
      .trim()
      .max(PUBLIC_NAME_MAX, `Le nom affiché ne peut pas dépasser ${PUBLIC_NAME_MAX} caractères.`)
      // Only asked for when the box is ticked (and only of a signed-in donor): never `required` in the form.
      .default(''),
  })
  .superRefine((value, ctx) => {
    if (value.public && value.nomPublic.length < 2) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['nomPublic'],
        message: 'Indiquez le nom à afficher (au moins 2 caractères), ou décochez la case.',
      });
    }
  })
  .transform((value) => ({ amount: value.montant, publicName: value.public ? value.nomPublic : null }));

export type CheckoutInput = z.infer<typeof checkoutSchema>;

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

/** The `montant` of a QR-bill URL: absent or empty means a bill without amount (the donor writes it in). */
export function parseAmountParam(
  raw: string | null,
): { ok: true; value: number | null } | { ok: false; message: string } {
  if (raw == null || raw.trim() === '') return { ok: true, value: null };
  const parsed = amountSchema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: parsed.error.issues[0].message };
}
