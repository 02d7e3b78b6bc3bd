// The Content-Security-Policy of every answer: in production, scripts from this site and the inline scripts of the
// page by their hashes, with 'strict-dynamic' (no nonce: a page from a shared cache would share it; decision 038),
// and the few other origins the configuration brings (map tiles, Stripe Checkout, the optional analytics script,
// Google sign-in through Firebase). helmet sends it without hashes on every answer; a rendered page replaces it with
// its own, with the hashes of its inline scripts (entry.server.tsx).
import crypto from 'node:crypto';
import type { Config, FirebaseSettings } from '../platform/config';

export type CspDirectives = Record<string, string[] | null>;

/** The CSP source of one inline script: the SHA-256 of its text (its UTF-8 bytes), as the browser hashes it. */
export function scriptHash(text: string | Uint8Array): string {
  return `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
}

const OPEN = Buffer.from('<script');
const CLOSE = Buffer.from('</script');
const GT = 0x3e;
/** A byte that continues a tag name (`<scripts`, `<script-x` are other elements). */
const isNameByte = (byte: number) =>
  (byte >= 0x30 && byte <= 0x39) ||
  (byte >= 0x41 && byte <= 0x5a) ||
  (byte >= 0x61 && byte <= 0x7a) ||
  byte === 0x5f ||
  byte === 0x2d;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d;

/**
 * The text of each inline script of a rendered page that the browser would run (not data blocks such as JSON-LD), as
 * bytes of the page: found with the page's own byte search, so that the page is never decoded whole into a string (a
 * series page's 80 KB, copied and scanned by a regular expression: 3 % of its render, issue 50). React writes every tag
 * in lower case; a script written otherwise is not found, so it gets no hash and does not run: the policy can only be
 * stricter for it.
 */
export function inlineScripts(html: Uint8Array): Buffer[] {
  const page = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  const scripts: Buffer[] = [];
  let at = page.indexOf(OPEN);
  while (at !== -1) {
    const tagEnd = page.indexOf(GT, at + OPEN.length);
    if (tagEnd === -1) break;
    if (isNameByte(page[at + OPEN.length] ?? 0)) {
      at = page.indexOf(OPEN, at + OPEN.length);
      continue;
    }
    // The end tag: `</script` then spaces and `>`.
    let close = page.indexOf(CLOSE, tagEnd + 1);
    let closeEnd = -1;
    while (close !== -1) {
      let i = close + CLOSE.length;
      while (isSpace(page[i] ?? 0)) i++;
      if (page[i] === GT) {
        closeEnd = i;
        break;
      }
      close = page.indexOf(CLOSE, close + CLOSE.length);
    }
    if (closeEnd === -1) break;
    const attributes = page.toString('latin1', at + OPEN.length, tagEnd);
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    const runs = !/\ssrc\s*=/i.test(attributes) && (!type || RUNNABLE_TYPES.has(type));
    if (runs) scripts.push(page.subarray(tagEnd + 1, close));
    at = page.indexOf(OPEN, closeEnd + 1);
  }
  return scripts;
}

const RUNNABLE_TYPES = new Set(['module', 'text/javascript', 'application/javascript']);

/** The header's value. */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

export function cspDirectives(
  config: Config,
  firebaseProject: FirebaseSettings | null,
  scriptHashes: readonly string[] = [],
): CspDirectives {
  const isProduction = config.NODE_ENV === 'production';
  // Map tiles may come from another host (OpenStreetMap by default, swisstopo possible): allow that origin only.
  const tileOrigin = config.MAP_TILE_URL.startsWith('/')
    ? "'self'"
    : new URL(config.MAP_TILE_URL.replace(/\{[a-z]\}/g, 'a')).origin;
  const stripeCheckoutOrigins = config.STRIPE_SECRET_KEY
    ? ['https://checkout.stripe.com', ...(config.STRIPE_API_URL ? [new URL(config.STRIPE_API_URL).origin] : [])]
    : [];
  // The optional external analytics script (loaded only after consent): its origin only when one is configured.
  const analyticsOrigins = config.ANALYTICS_SCRIPT_URL ? [new URL(config.ANALYTICS_SCRIPT_URL).origin] : [];
  // Google sign-in (Firebase): the popup's scripts and frame, and the Auth API the web SDK calls.
  const firebase = (() => {
    if (!firebaseProject) return { connect: [], frame: [], script: [] };
    const { authDomain, authEmulatorHost } = firebaseProject;
    const emulator = authEmulatorHost ? [`http://${authEmulatorHost}`] : [];
    // FCM in an admin's browser: the installation id and the registration token (firebase/messaging getToken).
    const fcm = firebaseProject.appId
      ? ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com']
      : [];
    return {
      connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', ...fcm, ...emulator],
      frame: [`https://${authDomain}`, ...emulator],
      script: ['https://apis.google.com'],
    };
  })();
  return {
    'default-src': ["'self'"],
    'script-src': isProduction
      ? ["'self'", "'strict-dynamic'", ...scriptHashes, ...analyticsOrigins, ...firebase.script]
      : ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...analyticsOrigins, ...firebase.script],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', tileOrigin, ...analyticsOrigins],
    'font-src': ["'self'"],
    'connect-src': [...(isProduction ? ["'self'"] : ["'self'", 'ws:']), ...analyticsOrigins, ...firebase.connect],
    'frame-src': ["'self'", ...firebase.frame],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    // Without JavaScript, the card/TWINT form's answer redirects to Stripe's payment page: allow that target.
    'form-action': ["'self'", ...stripeCheckoutOrigins],
    // The web app manifest and the service worker (/firebase-messaging-sw.js) are ours only.
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'upgrade-insecure-requests': config.SECURE_COOKIES ? [] : null,
  };
}
