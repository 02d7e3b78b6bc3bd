// The one guard of every POST (docs/decisions/034-une-garde-pour-chaque-envoi.md). In order: the request comes from
// this site (Origin / Sec-Fetch-Site), the client is within its rate limit, the body is read with the reader of its kind
// (its size was bounded before Remix, app/.server/platform/request-body.ts), the CSRF token belongs to this visitor's
// session, and the honeypot is empty. Four kinds of post (`audience`):
// - `public`: anyone may post; the shared per-minute allowance of its bucket, CSRF, honeypot (unless `honeypot: false`);
// - `signed-in`: the route has already required the account (requireUser, requireAdmin); CSRF, a rate limit only if
//   `rate` is given, no honeypot unless `honeypot: true` (a form that was public before its page required an account);
// - `link`: the pages of a link sent by mail (an alert's confirm, manage, unsubscribe), where the token in the URL is
//   the authority: RFC 8058's one-click unsubscribe is posted by a mail client without cookies, without a form token,
//   often without Origin. Refused only when the headers say cross-site (none at all is accepted, as isCrossSite says),
//   a bucket of its own, the body read as a form; no CSRF, no honeypot;
// - `beacon` (navigator.sendBeacon, which cannot carry a token): positively same-origin, rate limited and small.
// A refusal is a French answer: by default a thrown error response (a 429 with Retry-After, never cached), or the
// route's own (JSON for scripts, a redirect with a message) through `refuse`.
import { redirect } from '@remix-run/node';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { keptInput } from '~/domain/kept-input';
import { audit, auditFromRequest } from './audit';
import type { Config } from './config';
import { setFlash } from './flash';
import { readForm } from './form-body';
import { SpamError } from './honeypot';
import { createLimiter, type Limiter } from './limiter';
import { FORM_UNREADABLE, refusedRequest } from './refusal';
import { BODY_LIMITS, type BodyLimit } from './request-body';
import {
  CSRF_REFUSED,
  csrfAccepted,
  FORBIDDEN_ORIGIN,
  getHoneypot,
  isCrossSite,
  isSameOriginRequest,
  retryAfterSeconds,
  SPAM_REFUSED,
  tooManyRequestsText,
} from './security';
import type { SessionServices } from './session';
import { rememberSubmission } from './storage-failure';

export const METHOD_NOT_ALLOWED = 'Méthode non autorisée.';
export const UNSUPPORTED_TYPE = 'Format non pris en charge.';
export const BODY_UNREADABLE = 'Requête illisible.';

export interface Refusal {
  status: number;
  message: string;
  reason: 'method' | 'origin' | 'rate' | 'type' | 'unreadable' | 'csrf' | 'honeypot';
  /** Seconds before the client may try again (429). */
  retryAfter?: string;
}

/** The route's own answer to a refusal (`form`: the posted form when it was read), or null for the default one. */
type Refuse = (refusal: Refusal, form: FormData | null) => Response | null | Promise<Response | null>;

interface RateLimit {
  /** The limiter's name. Public forms share the per-minute allowance of RATE_LIMIT_FORMS_PER_MINUTE per bucket. */
  bucket: string;
  /** A bucket of its own with this many posts per minute and client (forms on every page, scripts). */
  perMinute?: number;
}

/** What the guard needs of the services: the session (CSRF), the cookie (a refusal's message) and the forms' rate. */
export interface GuardServices extends SessionServices {
  readonly config: Pick<Config, 'SESSION_SECRET' | 'SECURE_COOKIES' | 'RATE_LIMIT_FORMS_PER_MINUTE'>;
}

/**
 * What the guard reads of the load context: the services, the client's address, and the body limit of the request's
 * route (set by the HTTP shell for every request; a plain form's when absent, as in tests that call an action with a
 * context of their own). A route passes its `context` as it is.
 */
export interface GuardContext {
  services: GuardServices;
  clientIp: string;
  bodyLimit?: BodyLimit;
}

export interface FormGuard {
  /**
   * `public`: anyone may post (rate limited, honeypot unless `honeypot: false`); `signed-in`: the route has already
   * required the account (requireUser, requireAdmin), so a rate limit only if `rate` is given and no honeypot unless
   * `honeypot: true`.
   */
  audience: 'public' | 'signed-in';
  rate?: RateLimit;
  /** Whether the form's honeypot is checked: by default for `public`, not for `signed-in`. */
  honeypot?: boolean;
  /**
   * A route without a page of its own (logout, a date of a series, an alert ended from the profile), posted by a form
   * of another page: a refusal goes back to this page with its message, which a browser without JavaScript would
   * otherwise show as bare text.
   */
  back?: string;
  refuse?: Refuse;
}

/** A link sent by mail, whose token in the URL is the authority: no CSRF, no honeypot (see the header). */
export interface LinkGuard {
  audience: 'link';
  rate: Required<RateLimit>;
  refuse?: Refuse;
}

export interface BeaconGuard {
  audience: 'beacon';
  rate: Required<RateLimit>;
  refuse?: Refuse;
}

const sharedFormLimiter = new Map<string, Limiter>();
function limiterFor(
  { bucket, perMinute }: RateLimit,
  formsPerMinute: number,
): { limiter: Limiter; key: (ip: string) => string } {
  // Buckets of their own are keyed by the client; the shared one by bucket and client.
  const name = perMinute ? bucket : 'forms';
  let limiter = sharedFormLimiter.get(name);
  if (!limiter) {
    const points = perMinute ?? formsPerMinute;
    limiter = createLimiter({ points, duration: 60, keyPrefix: name });
    sharedFormLimiter.set(name, limiter);
  }
  return { limiter, key: perMinute ? (ip) => ip : (ip) => `${bucket}:${ip}` };
}

/**
 * The default answer: `{ message }` with its status (a page route shows it in its error boundary, a script reads it),
 * `Retry-After` on a 429; for a route without a page (`back`), that page again with the message.
 */
async function refuseWith(
  request: Request,
  services: GuardServices,
  options: FormGuard | LinkGuard | BeaconGuard,
  refusal: Refusal,
  form: FormData | null,
): Promise<never> {
  const own = options.refuse ? await options.refuse(refusal, form) : null;
  if (own) throw own;
  // Not for another site's request: nothing of this site (not even a message) is set for it.
  if ('back' in options && options.back && refusal.reason !== 'origin') {
    const flash = await setFlash(request, services, { kind: 'error', message: refusal.message });
    throw redirect(options.back, { headers: { 'Set-Cookie': flash } });
  }
  const retry: Record<string, string> = refusal.status === 429 ? { 'Retry-After': refusal.retryAfter ?? '60' } : {};
  // Too many sendings: the page gives back what was typed, to send again as it is in a minute (a CSRF or honeypot
  // refusal does not: its token is stale, or it is a robot's).
  const kept = refusal.reason === 'rate' ? keptInput(form) : null;
  // The page says when, in Zurich's words (« réessayez à 15:42 »), from the limiter's own wait.
  if (kept) kept.retryAt = new Date(Date.now() + Number(retry['Retry-After'] ?? 60) * 1000).toISOString();
  throw refusedRequest(refusal.message, refusal.status, retry, kept);
}

/** refuseWith for one request: its refusal, and the form when it was read. */
function refuser(request: Request, context: GuardContext, options: FormGuard | LinkGuard | BeaconGuard) {
  return (refusal: Refusal, form: FormData | null = null) =>
    refuseWith(request, context.services, options, refusal, form);
}

const REFUSED_ORIGIN: Refusal = { status: 403, message: FORBIDDEN_ORIGIN, reason: 'origin' };

async function withinRate(context: GuardContext, rate: RateLimit): Promise<Refusal | null> {
  const { clientIp } = context;
  const { limiter, key } = limiterFor(rate, context.services.config.RATE_LIMIT_FORMS_PER_MINUTE);
  try {
    await limiter.consume(key(clientIp));
    return null;
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    // Public forms' refusals go to the security log; the buckets of scripts and every page's forms would flood it.
    if (!rate.perMinute) audit('rate.limited', { ip: clientIp, reason: rate.bucket });
    const retryAfter = retryAfterSeconds(error);
    return { status: 429, message: tooManyRequestsText(retryAfter), reason: 'rate', retryAfter };
  }
}

function crossSite(request: Request): boolean {
  return isCrossSite({
    origin: request.headers.get('Origin'),
    // The Express adapter builds the URL from the Host (or X-Forwarded-Host) header.
    host: new URL(request.url).host,
    fetchSite: request.headers.get('Sec-Fetch-Site'),
  });
}

/** Checks a POST and returns its form (or, for a beacon, its text). Throws the refusal's answer otherwise. */
export function guardPost(request: Request, context: GuardContext, options: FormGuard | LinkGuard): Promise<FormData>;
export function guardPost(request: Request, context: GuardContext, options: BeaconGuard): Promise<string>;
export async function guardPost(
  request: Request,
  context: GuardContext,
  options: FormGuard | LinkGuard | BeaconGuard,
): Promise<FormData | string> {
  if (options.audience === 'beacon') return guardBeacon(request, context, options);
  const refuse = refuser(request, context, options);
  if (crossSite(request)) {
    audit('access.denied', { ...auditFromRequest(request), reason: 'origin' });
    return refuse(REFUSED_ORIGIN);
  }
  const rate = options.rate ?? (options.audience === 'public' ? { bucket: 'forms' } : null);
  // A link's form is a plain form whatever its route; others are read within their route's limit (load context).
  const limit = options.audience === 'link' ? BODY_LIMITS.form : (context.bodyLimit ?? BODY_LIMITS.form);
  const limited = rate ? await withinRate(context, rate) : null;
  // Read all the same, within the same limit, so that the refusal gives back what was typed.
  if (limited) return refuse(limited, await readForm(request, limit).catch(() => null));

  let form: FormData;
  try {
    form = await readForm(request, limit);
  } catch (error) {
    // The reader's own answer (400, or 413 for a field too long) unless the route answers in its terms.
    throw (await options.refuse?.({ status: 400, message: FORM_UNREADABLE, reason: 'unreadable' }, null)) ?? error;
  }
  // Kept for a 503 should the store fail to write it: the visitor gets back what was typed (storage-failure.ts).
  rememberSubmission(request, form);
  // The token in the link's URL is its authority: nothing in the form could add to it.
  if (options.audience === 'link') return form;
  if (!(await csrfAccepted(form, request, context.services))) {
    audit('access.denied', { ...auditFromRequest(request), reason: 'csrf' });
    return refuse({ status: 403, message: CSRF_REFUSED, reason: 'csrf' }, form);
  }
  if (options.honeypot ?? options.audience === 'public') {
    try {
      getHoneypot(context.services).check(form);
    } catch (error) {
      if (!(error instanceof SpamError)) throw error;
      audit('access.denied', { ...auditFromRequest(request), ip: context.clientIp, reason: 'honeypot' });
      return refuse({ status: 400, message: SPAM_REFUSED, reason: 'honeypot' }, form);
    }
  }
  return form;
}

// `text/ping`: a link's `ping`, which counts a click without JavaScript (decision 171).
const BEACON_TYPES = new Set(['text/plain', 'application/json', 'text/ping']);

async function guardBeacon(request: Request, context: GuardContext, options: BeaconGuard): Promise<string> {
  const refuse = refuser(request, context, options);
  if (request.method !== 'POST') {
    return refuse({ status: 405, message: METHOD_NOT_ALLOWED, reason: 'method' });
  }
  // No token can come with a beacon: the browser must say the request is same-origin, not merely not cross-site.
  if (!isSameOriginRequest(request)) {
    return refuse(REFUSED_ORIGIN);
  }
  const limited = await withinRate(context, options.rate);
  if (limited) return refuse(limited);
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  if (!BEACON_TYPES.has(type)) {
    return refuse({ status: 415, message: UNSUPPORTED_TYPE, reason: 'type' });
  }
  try {
    return await request.text();
  } catch {
    return refuse({ status: 400, message: BODY_UNREADABLE, reason: 'unreadable' });
  }
}
