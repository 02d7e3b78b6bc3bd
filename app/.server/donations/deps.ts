// The donation use cases wired to this process's configuration, store and Stripe client.
import type { Services } from '../services';
import type { DonationDeps } from './checkout';
import { creditorFromConfig, type QrCreditor, qrBillSvg } from './qr-bill';

export function donationDeps({ config, store, stripe }: Services): DonationDeps {
  return {
    store,
    stripe,
    siteUrl: config.SITE_URL,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  };
}

export const donationCreditor = ({ config }: Services): QrCreditor => creditorFromConfig(config);

/** Card and TWINT need a Stripe key; the QR-bill is always there. */
export const cardPaymentsEnabled = ({ stripe }: Services): boolean => stripe !== null;

const SVG_CACHE_SIZE = 64;
const svgCache = new Map<string, string>();

/**
 * The SVG of a donation QR-bill, kept for the most asked amounts: drawing one takes 100–200 ms (QR code and text
 * measurements), and everyone clicks the same four suggested amounts.
 */
export function cachedQrBillSvg(services: Services, amount: number | null): string {
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
