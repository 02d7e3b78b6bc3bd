// What the donation pages read of the configuration: the creditor of the QR-bill, whether card payments are on, and the
// QR-bill's SVG kept for the most asked amounts. Each takes the narrow part of the services it reads.
import type Stripe from 'stripe';
import { creditorFromConfig, type QrCreditor, qrBillSvg } from './qr-bill';

/** The creditor settings of the QR-bill (DONATION_*). */
type CreditorConfig = Parameters<typeof creditorFromConfig>[0];

export const donationCreditor = ({ config }: { config: CreditorConfig }): QrCreditor => creditorFromConfig(config);

/** Card and TWINT need a Stripe key; the QR-bill is always there. */
export const cardPaymentsEnabled = ({ stripe }: { stripe: Stripe | null }): boolean => stripe !== null;

const SVG_CACHE_SIZE = 64;
const svgCache = new Map<string, string>();

/**
 * The SVG of a donation QR-bill, kept for the most asked amounts: drawing one takes 100–200 ms (QR code and text
 * measurements), and everyone clicks the same four suggested amounts.
 */
export function cachedQrBillSvg(services: { config: CreditorConfig }, amount: number | null): string {
  const key = amount == null ? 'libre' : String(amount);
  let svg = svgCache.get(key);
  if (svg === undefined) {
    svg = qrBillSvg(donationCreditor(services), amount);
    if (svgCache.size >= SVG_CACHE_SIZE) svgCache.delete(svgCache.keys().next().value as string);
  } else {
    svgCache.delete(key);
  }
  svgCache.set(key, svg);
  return svg;
}
