// The federation's settings (ActivityPub, decision 087), part of the validated environment (config.ts).
import { z } from 'zod';

const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'on' || v === 'true' || v === '1');

export const FEDERATION_ENV = {
  /** ActivityPub: the agenda and its categories followable from Mastodon, Gancio, Mobilizon… Off by default. */
  FEDERATION: flag,
  /**
   * Tests only: lets the federation speak plain HTTP to this machine (127.0.0.0/8, ::1), two local instances
   * federating. Never in production: a remote server could make this one reach its own private network.
   */
  FEDERATION_TEST_MODE: flag,
  /** How often the queue of deliveries is looked at when idle, in milliseconds. */
  FEDERATION_QUEUE_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /**
   * Messages waiting in the queue (deliveries and activities received) past which an inbox answers 503 with
   * Retry-After: the senders retry later, the store and the jobs worker are not swamped (decision 091).
   */
  /**
   * The wait before a failed delivery is tried again, in milliseconds, doubled at each retry up to 12 hours: 16
   * attempts over about three days (deliveries.ts). Shorter in tests only.
   */
  FEDERATION_RETRY_FIRST_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  FEDERATION_QUEUE_MAX: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
};
