// The donation use cases wired to this process's configuration, store and Stripe client.
import { getConfig } from '../config';
import { singleton } from '../singleton';
import { getStore } from '../store';
import type { DonationDeps } from './checkout';
import { creditorFromConfig, type QrCreditor, qrBillSvg } from './qr-bill';
import { getStripe } from './stripe';

export function donationDeps(): DonationDeps {
  const config = getConfig();
  return {
    store: getStore(),
    stripe: getStripe(),
    siteUrl: config.SITE_URL,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  };
}

export const donationCreditor = (): QrCreditor => creditorFromConfig(getConfig());

/** Card and TWINT need a Stripe key; the QR-bill is always there. */
export const cardPaymentsEnabled = (): boolean => getStripe() !== null;

const SVG_CACHE_SIZE = 64;

/**
 * The SVG of a donation QR-bill, kept for the most asked amounts: drawing one takes 100–200 ms (QR code and text
 * measurements), and everyone clicks the same four suggested amounts.
 */
export function cachedQrBillSvg(amount: number | null): string {
  const cache = singleton('qrBillSvgCache', () => new Map<string, string>());
  const key = amount == null ? 'libre' : String(amount);
  let svg = cache.get(key);
  if (svg === undefined) {
    svg = qrBillSvg(donationCreditor(), amount);
    if (cache.size >= SVG_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  } else {
    cache.delete(key);
  }
  cache.set(key, svg);
  return svg;
}
