// The inbox of a process that serves (decision 091): it checks what a sender must hear at once — the inbox exists, the
// body is JSON of a bounded size, the HTTP Signature is valid (RSA, in libuv's threads) and its key is the actor's — and
// queues the activity as it came. Reading it as JSON-LD and acting on it (a follower stored, an Accept signed and sent,
// an event into moderation) happen where the queue is read: the jobs worker on SQLite. A full queue answers 503 with
// Retry-After, as Mastodon, Gancio and Mobilizon retry it. What this fast path cannot judge alone (a Linked Data
// Signature or an Object Integrity Proof, a key without owner) goes to Fedify's own handler, a few at a time.
import crypto from 'node:crypto';
import type { Context, Federation, KeyCache, Message } from '@fedify/fedify';
import type { CryptographicKey, Multikey } from '@fedify/vocab';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { FederationContext } from '../federation/actor-types';
import { findActor } from '../federation/actors';
import { fedify, vocab } from '../federation/fedify';
import { keptBlocklist } from '../federation/records';
import type { Store } from '../ports';
import { webHeaders } from './federation-bridge';
import { createKeyFetchLimiter, type KeyFetchLimiterOptions, signatureKeyIds } from './key-fetch-limiter';
import { verifiedWithCachedKey } from './signature-draft';

export const INBOX_MESSAGES = {
  tooLarge: 'Activité trop volumineuse.',
  notJson: 'Activité illisible\u00a0: le corps doit être du JSON.',
  noActor: 'Activité sans acteur.',
  unsigned: 'Signature HTTP absente ou invalide.',
  notOwner: 'La clé de la signature n’est pas celle de l’acteur.',
  full: 'Boîte pleine pour le moment\u00a0: réessayez plus tard.',
  keysThrottled: 'Trop de clés inconnues à chercher sur ce serveur pour le moment\u00a0: réessayez plus tard.',
  ownKey: 'Une clé de ce site ne signe rien qui vienne d’ailleurs.',
  accepted: 'Activité reçue.',
  blocked: 'Domaine bloqué par ce site.',
} as const;

/** What a process that serves needs to take an activity in. */
export interface InboxIntakeOptions {
  store: Store;
  siteUrl: string;
  federation: Federation<FederationContext>;
  data: () => FederationContext;
  /** Messages waiting in the queue (deliveries and activities received) past which the inbox answers 503. */
  queueMax: number;
  /** Queues one message (Fedify's queue of this process: it wakes a listener of the same process). */
  enqueue(message: Message): Promise<void>;
  bodyMax: number;
  /** How long the queue’s depth, once counted, is trusted (one count per interval, plus what this process queued). */
  depthTtlMs?: number;
  /** How long this process trusts the blocked domains it read (another process's block is seen within it). */
  blocklistTtlMs?: number;
  /** Seconds a sender is told to wait when the queue is full. */
  retryAfterSeconds?: number;
  /** The budget of fetches of keys not yet known (decision 103). */
  keyFetches?: KeyFetchLimiterOptions;
}

export type InboxOutcome =
  | { status: 202 | 400 | 401 | 403 | 404 | 413 | 429 | 503; text: string; retryAfter?: number }
  /** For Fedify's full handler (a Linked Data Signature, an Object Integrity Proof, a key without owner). */
  | { status: 'fedify'; request: Request };

const INBOX = /^\/federation\/(?:acteurs\/([^/]+)\/)?boite$/;
const KEYS_KEPT = 1000;
const UNAVAILABLE_MS = 5 * 60_000;

/** Whether this request is a POST to one of our inboxes (the shared one or an actor's). */
export const isInboxPost = (req: ExpressRequest) => req.method === 'POST' && INBOX.test(req.path);

/** The public keys of the senders, kept in this process (bounded): a verified key is never parsed twice. */
export function memoryKeyCache(now: () => number = Date.now): KeyCache & {
  /** A key kept (fetched and verified by Fedify), at once. */
  known(keyId: string): CryptographicKey | undefined;
} {
  const kept = new Map<string, { key: CryptographicKey | Multikey | null; until: number }>();
  return {
    known(keyId) {
      const hit = kept.get(keyId);
      return hit && hit.until >= now() && hit.key instanceof vocab().CryptographicKey ? hit.key : undefined;
    },
    async get(keyId) {
      const hit = kept.get(keyId.href);
      if (!hit) return undefined;
      if (hit.until < now()) {
        kept.delete(keyId.href);
        return undefined;
      }
      return hit.key;
    },
    async set(keyId, key) {
      kept.delete(keyId.href);
      if (kept.size >= KEYS_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(keyId.href, { key, until: key ? Number.POSITIVE_INFINITY : now() + UNAVAILABLE_MS });
    },
  };
}

export function createInboxIntake(options: InboxIntakeOptions) {
  const {
    store,
    siteUrl,
    queueMax,
    bodyMax,
    depthTtlMs = 1000,
    retryAfterSeconds = 60,
    blocklistTtlMs = 5000,
  } = options;
  const keyCache = memoryKeyCache();
  const keyFetches = createKeyFetchLimiter(options.keyFetches);
  const siteOrigin = new URL(siteUrl).origin;

  /**
   * Refused before any fetch: a key of this site (a forgery: our keys sign only what leaves), or a key not yet known
   * (nor known missing) past its host's budget — 429 with Retry-After, which Mastodon, Gancio and Mobilizon retry.
   */
  const keysRefused = async (req: ExpressRequest, activity: unknown): Promise<InboxOutcome | null> => {
    for (const keyId of signatureKeyIds(req.headers, activity)) {
      if (!URL.canParse(keyId)) return { status: 401, text: INBOX_MESSAGES.unsigned };
      const url = new URL(keyId);
      if (url.origin === siteOrigin) return { status: 401, text: INBOX_MESSAGES.ownKey };
      if ((await keyCache.get(url)) !== undefined) continue;
      const allowance = await keyFetches.take(url.host);
      if (!allowance.allowed)
        return { status: 429, text: INBOX_MESSAGES.keysThrottled, retryAfter: allowance.retryAfterSeconds };
    }
    return null;
  };
  const blocklist = keptBlocklist(store.federation, blocklistTtlMs);
  const fromBlocked = async (req: ExpressRequest, activity: Record<string, unknown>) => {
    const urls = [idOf(activity.actor), ...signatureKeyIds(req.headers, activity)].filter(
      (url) => url && URL.canParse(url),
    );
    if (!urls.length) return false;
    const list = await blocklist();
    return urls.some((url) => list.blocks(url));
  };
  let loaders: Pick<Context<FederationContext>, 'documentLoader' | 'contextLoader'> | undefined;
  let depth = { value: 0, until: 0 };
  const queueFull = async () => {
    const at = Date.now();
    if (depth.until <= at) {
      const { due, later } = await store.federation.queueStats(new Date(at).toISOString());
      depth = { value: due + later, until: at + depthTtlMs };
    }
    return depth.value >= queueMax;
  };

  /** Judges one POST to an inbox; the body is read here, within `bodyMax`. */
  async function take(req: ExpressRequest): Promise<InboxOutcome> {
    const recipient = req.path.match(INBOX)?.[1];
    const identifier = recipient === undefined ? null : decodeURIComponent(recipient);
    if (identifier !== null && !(await findActor({ store, siteUrl }, identifier)))
      return { status: 404, text: 'Acteur introuvable.' };
    if (await queueFull()) return { status: 503, text: INBOX_MESSAGES.full, retryAfter: retryAfterSeconds };
    const body = await readBody(req, bodyMax);
    if (!body) return { status: 413, text: INBOX_MESSAGES.tooLarge };
    const url = new URL(req.originalUrl, siteUrl);
    const request = () => new Request(url, { method: 'POST', headers: webHeaders(req), body: new Uint8Array(body) });
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return { status: 400, text: INBOX_MESSAGES.notJson };
    }
    if (!json || typeof json !== 'object' || Array.isArray(json)) return { status: 400, text: INBOX_MESSAGES.notJson };
    const activity = json as Record<string, unknown>;
    // A blocked domain is refused before anything is asked of it (its keys): it never hears from us.
    if (await fromBlocked(req, activity)) return { status: 403, text: INBOX_MESSAGES.blocked };
    const refused = await keysRefused(req, activity);
    if (refused) return refused;
    // Signed inside the body (a forwarded reply, a proof): Fedify's handler knows how to check it.
    if ('signature' in activity || 'proof' in activity) return { status: 'fedify', request: request() };
    const actor = idOf(activity.actor);
    if (!actor) return { status: 400, text: INBOX_MESSAGES.noActor };
    // A sender's key already verified: checked here with node:crypto (decision 094); otherwise, Fedify's verification.
    const signed = { method: 'POST', pathname: url.pathname, headers: req.headers, body };
    const known = verifiedWithCachedKey(signed, keyCache.known);
    if (known?.ownerId?.href !== actor) {
      // The loaders of one context, made once: they serve only a key not yet in the cache.
      loaders ??= options.federation.createContext(new URL(siteUrl), options.data());
      const verification = await fedify().verifyRequestDetailed(request(), {
        documentLoader: loaders.documentLoader,
        contextLoader: loaders.contextLoader,
        keyCache,
      });
      if (!verification.verified) return { status: 401, text: INBOX_MESSAGES.unsigned };
      const owner = verification.key.ownerId?.href;
      if (!owner) return { status: 'fedify', request: request() };
      if (owner !== actor) return { status: 401, text: INBOX_MESSAGES.notOwner };
    }
    depth.value += 1;
    await options.enqueue({
      type: 'inbox',
      id: crypto.randomUUID(),
      baseUrl: new URL(siteUrl).origin,
      activity,
      identifier,
      attempt: 0,
      started: new Date().toISOString(),
      traceContext: {},
    });
    return { status: 202, text: INBOX_MESSAGES.accepted };
  }

  return { take };
}

/** Writes an outcome that is an answer (not one for Fedify). */
export function answer(res: ExpressResponse, outcome: Exclude<InboxOutcome, { status: 'fedify' }>) {
  // Written as is (no ETag, no content negotiation): a short text a sender hardly reads, one per activity of a burst.
  const body = Buffer.from(outcome.text, 'utf8');
  res.writeHead(outcome.status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    ...(outcome.retryAfter ? { 'Retry-After': String(outcome.retryAfter) } : {}),
  });
  res.end(body);
}

/** The id of an activity's actor: its URL, or the `id` of an embedded actor. */
function idOf(value: unknown): string | null {
  const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : value;
  if (typeof id !== 'string') return null;
  try {
    return new URL(id).href;
  } catch {
    return null;
  }
}

/** The whole body, or null past `max` bytes (the rest is left to the server's drain). */
function readBody(req: ExpressRequest, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.off('data', onData);
        req.off('end', onEnd);
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.once('end', onEnd);
    // Cut off before its end (the sender gone): nothing to take.
    req.once('close', () => resolve(null));
    req.once('error', reject);
  });
}
