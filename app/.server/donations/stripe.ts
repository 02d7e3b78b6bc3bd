// The Stripe client of this process, or null when card/TWINT donations are not configured (no STRIPE_SECRET_KEY).
import type Stripe from 'stripe';
import { onFirstUse } from '../platform/on-first-use';

/** Loaded when a client is made: a site without STRIPE_SECRET_KEY never holds it (issue 50). */
const stripe = onFirstUse<typeof Stripe>('stripe');

/** A client for Stripe's API, or for a local stand-in when `apiUrl` is given (tests: no network). */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  const StripeClient = stripe();
  return new StripeClient(secretKey, {
    maxNetworkRetries: target ? 0 : 2,
    timeout: 20_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
