// Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291): the `web-push` library encrypts and
// signs, node:https sends. Works with every browser's push service, no vendor account needed. An endpoint is an address
// a browser (or whoever holds an admin's session) chose: each send resolves it and connects only to a public address
// (platform/public-address.ts), never to this server's own network.
import type WebPush from 'web-push';
import type { PushClientConfig } from '~/domain/push';
import { z } from '~/domain/zod';
import { onFirstUse } from '../platform/on-first-use';
import {
  AddressRefused,
  guardedRequest,
  isLoopbackAddress,
  isPublicAddress,
  type Resolver,
} from '../platform/public-address';
import type { PushMessage, PushResult, PushTransport } from './ports';

/** The site's VAPID keys and contact, which sign each push (vapid.ts makes or reads them). */
export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Loaded with the first push sent or the first VAPID pair made (issue 50). */
export const webpush = onFirstUse<typeof WebPush>('web-push');

const base64url = (length: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`));

/** PushSubscription.toJSON(): the endpoint and its two keys (P-256 public key, 16-byte auth secret). */
const subscriptionSchema = z.object({
  endpoint: z.string().url().max(2048),
  keys: z.object({ p256dh: base64url(87), auth: base64url(22) }),
});

export interface WebPushOptions {
  /** The key pair, or how to read it (from the store: once, kept by the transport once read). */
  vapid: VapidDetails | (() => Promise<VapidDetails>);
  /** Accept http:// endpoints on this machine (tests with a local push service); never in production. */
  allowLoopbackHttp?: boolean;
  timeoutMs?: number;
  /** Seconds a push service keeps an undelivered message. */
  ttlSeconds?: number;
  /** How endpoints' names are resolved at each send (the system's resolver by default). */
  resolve?: Resolver;
}

/**
 * A first look when a browser registers its subscription: https with a name (push services have public names), or
 * http to this machine in tests. What the name resolves to is checked at each send.
 */
function endpointAllowed(endpoint: string, allowLoopbackHttp: boolean): boolean {
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  // Plain http only in tests, and only to this machine: the address is checked at each send.
  if (url.protocol === 'http:') return allowLoopbackHttp;
  if (url.protocol !== 'https:') return false;
  return !/^[\d.]+$|^\[|^localhost\.?$|\.local\.?$|\.internal\.?$|\.localhost\.?$/i.test(url.hostname);
}

/** One POST to a push service, connected to the address its name resolves to now, if that address is allowed. */
function postTo(
  endpoint: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
  options: { timeoutMs: number; resolve?: Resolver; allowLoopbackHttp: boolean },
): Promise<number> {
  const url = new URL(endpoint);
  // Plain http exists only for a test push service on this machine.
  const allowed =
    url.protocol === 'http:'
      ? (address: string) => options.allowLoopbackHttp && isLoopbackAddress(address)
      : isPublicAddress;
  return new Promise((resolve, reject) => {
    const request = guardedRequest(
      url,
      {
        method: 'POST',
        headers: body ? { ...headers, 'Content-Length': String(body.length) } : headers,
        // A deadline for the whole exchange, not only for silences (a service that trickles bytes gets no more).
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      { resolve: options.resolve, allowed },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export function createWebPushTransport(options: WebPushOptions): PushTransport {
  const { vapid, allowLoopbackHttp = false, timeoutMs = 10_000, ttlSeconds = 24 * 60 * 60, resolve } = options;
  let keys: Promise<VapidDetails> | null = null;
  const vapidKeys = () => {
    if (!keys) {
      keys = typeof vapid === 'function' ? vapid() : Promise.resolve(vapid);
      // A store that did not answer is asked again next time.
      keys.catch(() => {
        keys = null;
      });
    }
    return keys;
  };
  const clientConfig = async (): Promise<PushClientConfig> => ({
    transport: 'webpush',
    vapidPublicKey: (await vapidKeys()).publicKey,
  });

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
    const subscription = JSON.parse(normalized) as WebPush.PushSubscription;
    let details: WebPush.RequestDetails;
    try {
      details = webpush().generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails: await vapidKeys(),
        TTL: ttlSeconds,
        urgency: 'high',
      });
    } catch (error) {
      return { status: 'failed', reason: `chiffrement impossible : ${(error as Error).message}` };
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      // The length is set from the body itself.
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    try {
      const status = await postTo(details.endpoint, headers, details.body ?? undefined, {
        timeoutMs,
        resolve,
        allowLoopbackHttp,
      });
      if (status === 404 || status === 410) return { status: 'gone' };
      if (status >= 200 && status < 300) return { status: 'sent' };
      return { status: 'failed', reason: `service de push : HTTP ${status}` };
    } catch (error) {
      if (error instanceof AddressRefused)
        return { status: 'failed', reason: `service de push refusé (${error.message})` };
      return { status: 'failed', reason: `service de push injoignable : ${(error as Error).message}` };
    }
  }

  return {
    kind: 'webpush',
    clientConfig,
    normalizeToken,
    send,
    // Each subscription is its own request to its own push service.
    sendMany: (tokens, message) => Promise.all(tokens.map((token) => send(token, message))),
  };
}
