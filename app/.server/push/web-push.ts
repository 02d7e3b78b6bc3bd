// Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291): the `web-push` library encrypts and
// signs, fetch sends. Works with every browser's push service, no vendor account needed.
import webpush from 'web-push';
import type { PushClientConfig } from '~/domain/push';
import { z } from '~/domain/zod';
import type { PushMessage, PushResult, PushTransport } from './ports';
import type { VapidDetails } from './vapid';

const base64url = (length: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`));

/** PushSubscription.toJSON(): the endpoint and its two keys (P-256 public key, 16-byte auth secret). */
const subscriptionSchema = z.object({
  endpoint: z.string().url().max(2048),
  keys: z.object({ p256dh: base64url(87), auth: base64url(22) }),
});

export interface WebPushOptions {
  vapid: VapidDetails;
  /** Accept http:// endpoints on this machine (tests with a local push service); never in production. */
  allowLoopbackHttp?: boolean;
  timeoutMs?: number;
  /** Seconds a push service keeps an undelivered message. */
  ttlSeconds?: number;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function endpointAllowed(endpoint: string, allowLoopbackHttp: boolean): boolean {
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (url.protocol === 'http:') return allowLoopbackHttp && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:') return false;
  // Push services have public names: no IP literal, no local name (the server must not be aimed at its own network).
  return !/^[\d.]+$|^\[|^localhost$|\.local$|\.internal$/i.test(url.hostname);
}

export function createWebPushTransport(options: WebPushOptions): PushTransport {
  const { vapid, allowLoopbackHttp = false, timeoutMs = 10_000, ttlSeconds = 24 * 60 * 60 } = options;
  const clientConfig: PushClientConfig = { transport: 'webpush', vapidPublicKey: vapid.publicKey };

  function normalizeToken(token: string): string | null {
    let parsed: unknown;
    try {
      parsed = JSON.parse(token);
    } catch {
      return null;
    }
    const result = subscriptionSchema.safeParse(parsed);
    if (!result.success || !endpointAllowed(result.data.endpoint, allowLoopbackHttp)) return null;
    const { endpoint, keys } = result.data;
    return JSON.stringify({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
  }

  async function send(token: string, message: PushMessage): Promise<PushResult> {
    const normalized = normalizeToken(token);
    if (!normalized) return { status: 'gone' };
    const subscription = JSON.parse(normalized) as webpush.PushSubscription;
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails: vapid,
        TTL: ttlSeconds,
        urgency: 'high',
      });
    } catch (error) {
      return { status: 'failed', reason: `chiffrement impossible : ${(error as Error).message}` };
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(details.headers)) {
      // fetch computes the length of the body itself.
      if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
    }
    try {
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return { status: 'gone' };
      if (response.status >= 200 && response.status < 300) return { status: 'sent' };
      return { status: 'failed', reason: `service de push : HTTP ${response.status}` };
    } catch (error) {
      return { status: 'failed', reason: `service de push injoignable : ${(error as Error).message}` };
    }
  }

  return {
    kind: 'webpush',
    clientConfig: () => clientConfig,
    normalizeToken,
    send,
    // Each subscription is its own request to its own push service.
    sendMany: (tokens, message) => Promise.all(tokens.map((token) => send(token, message))),
  };
}
