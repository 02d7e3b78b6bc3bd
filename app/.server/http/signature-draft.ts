// The inbox's short way to an HTTP Signature it has seen before (decision 094): a draft-cavage signature (what Mastodon,
// Gancio and Mobilizon send) checked with node:crypto against a key Fedify already fetched and verified, kept in this
// process's cache. It only ever says yes: anything else — a key not in the cache, another scheme (RFC 9421), created or
// expires, a digest or a signature that does not match — goes to Fedify's own verification, which decides (and fetches
// a key anew when the cached one fails).
import crypto from 'node:crypto';
import type { CryptographicKey } from '@fedify/vocab';

/** Fedify's window for the Date header. */
const DATE_WINDOW_MS = 60 * 60_000;
const DIGESTS: Record<string, string> = { 'sha-256': 'sha256', 'sha-512': 'sha512' };
const keyObjects = new WeakMap<CryptoKey, crypto.KeyObject>();

export interface SignedRequest {
  method: string;
  /** The path, without the query (what Fedify signs and checks as the request target). */
  pathname: string;
  /** The request's headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * The key that signed this request, when the signature is a draft-cavage one, fresh, over the request target, the
 * host, the date and the digest of this very body, by a key of `cached`; otherwise null (Fedify decides).
 */
export function verifiedWithCachedKey(
  request: SignedRequest,
  cached: (keyId: string) => CryptographicKey | undefined,
  now = Date.now(),
): CryptographicKey | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const signatureHeader = header('signature');
  if (!signatureHeader || header('signature-input')) return null;
  const fields = Object.fromEntries(
    signatureHeader
      .split(',')
      .map((pair) => pair.match(/^\s*([A-Za-z]+)=(?:"([^"]*)"|(\d+))\s*$/))
      .filter((m) => m != null)
      .map((m) => [m[1], m[2] ?? m[3]]),
  );
  const { keyId, headers, signature } = fields;
  if (!keyId || !headers || !signature || 'created' in fields || 'expires' in fields) return null;
  const names = headers.toLowerCase().split(/\s+/);
  if (!['(request-target)', 'host', 'date', 'digest'].every((name) => names.includes(name))) return null;
  const date = Date.parse(header('date') ?? '');
  if (!Number.isFinite(date) || Math.abs(now - date) > DATE_WINDOW_MS) return null;
  if (!digestMatches(header('digest'), request.body)) return null;
  let key: CryptographicKey | undefined;
  try {
    key = cached(new URL(keyId).href);
  } catch {
    return null;
  }
  const publicKey = key?.publicKey;
  if (!key || !publicKey || publicKey.algorithm.name !== 'RSASSA-PKCS1-v1_5') return null;
  let keyObject = keyObjects.get(publicKey);
  if (!keyObject) {
    keyObject = crypto.KeyObject.from(publicKey);
    keyObjects.set(publicKey, keyObject);
  }
  const signed = names
    .map((name) => {
      if (name === '(request-target)') return `${name}: ${request.method.toLowerCase()} ${request.pathname}`;
      const value = header(name);
      return value === undefined ? null : `${name}: ${value}`;
    })
    .filter((line) => line !== null);
  if (signed.length !== names.length) return null;
  const ok = crypto.verify('sha256', Buffer.from(signed.join('\n')), keyObject, Buffer.from(signature, 'base64'));
  return ok ? key : null;
}

/** Every digest given of a known algorithm matches the body, and there is one at least. */
function digestMatches(header: string | undefined, body: Buffer): boolean {
  if (!header) return false;
  let matched = false;
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) return false;
    const algorithm = DIGESTS[part.slice(0, at).trim().toLowerCase()];
    if (!algorithm) continue;
    const given = Buffer.from(part.slice(at + 1).trim(), 'base64');
    const actual = crypto.createHash(algorithm).update(body).digest();
    if (given.length !== actual.length || !crypto.timingSafeEqual(given, actual)) return false;
    matched = true;
  }
  return matched;
}
