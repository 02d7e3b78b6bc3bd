// Donations in francs: the amount a donor types (validated the same way on the page, the QR-bill and the checkout)
// and how we write it.
import { AMOUNT_FORMAT_MESSAGE, AMOUNT_MESSAGE, DONATION_MAX, DONATION_MIN, PUBLIC_NAME_MAX } from './donation-amounts';
import { swissAmount } from './swiss-amount';
import { z } from './zod';

// The amounts and how we write them live apart, so that a page showing them does not carry the schemas (issue 50).
export * from './donation-amounts';

/**
 * « 25 », « 25.50 », « 25,50 », « 1'000 », « 1 000 », « 25.– » → 25, 25.5, 1000… in francs; at most two decimals.
 * Swiss writing habits are accepted; anything else is refused rather than guessed.
 */
export const amountSchema = z
  .string({ error: AMOUNT_MESSAGE })
  .transform(swissAmount)
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
      .max(PUBLIC_NAME_MAX, `Le nom affiché ne peut pas dépasser ${PUBLIC_NAME_MAX}\u00a0caractères.`)
      // Only asked for when the box is ticked (and only of a signed-in donor): never `required` in the form.
      .default(''),
  })
  .superRefine((value, ctx) => {
    if (value.public && value.nomPublic.length < 2) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['nomPublic'],
        message: 'Indiquez le nom à afficher (au moins 2\u00a0caractères), ou décochez la case.',
      });
    }
  })
  .transform((value) => ({ amount: value.montant, publicName: value.public ? value.nomPublic : null }));

export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** The `montant` of a QR-bill URL: absent or empty means a bill without amount (the donor writes it in). */
export function parseAmountParam(
  raw: string | null,
): { ok: true; value: number | null } | { ok: false; message: string } {
  if (raw == null || raw.trim() === '') return { ok: true, value: null };
  const parsed = amountSchema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: parsed.error.issues[0].message };
}
