// The Stripe client of this process, or null when card/TWINT donations are not configured (no STRIPE_SECRET_KEY).
import Stripe from 'stripe';

/** A client for Stripe's API, or for a local stand-in when `apiUrl` is given (tests: no network). */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
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
