// The pieces of the POST guard (app/.server/platform/guard.ts): origin, CSRF tokens, honeypot, the French refusals.
import type { HeadersFunction } from '@remix-run/node';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { CsrfServices } from './csrf';
import { isSessionCsrfToken, sameToken, sessionCsrfToken, visitorCsrfToken } from './csrf';
import { Honeypot } from './honeypot';
import { FORM_UNREADABLE, refusedRequest } from './refusal';
import { getCurrentSession, type SessionServices } from './session';
import { readVisitor } from './visitor';

const honeypots = new WeakMap<CsrfServices['config'], Honeypot>();

/** The honeypot of public forms, its timestamp signed with the server's secret (made once per configuration). */
export function getHoneypot({ config }: CsrfServices): Honeypot {
  let honeypot = honeypots.get(config);
  if (!honeypot) {
    honeypot = new Honeypot({
      nameFieldName: 'website_confirm',
      validFromFieldName: 'from_confirm',
      seed: config.SESSION_SECRET,
    });
    honeypots.set(config, honeypot);
  }
  return honeypot;
}

export const TOO_MANY_REQUESTS =
  'Trop de tentatives en peu de temps. Merci de patienter une minute avant de réessayer.';

/** The 429 text for a wait of `retryAfter` seconds: a minute, N minutes, or about N hours (the hourly limits). */
export function tooManyRequestsText(retryAfter: string | number): string {
  const seconds = Number(retryAfter);
  if (!(seconds > 60)) return TOO_MANY_REQUESTS;
  const wait =
    seconds < 3600
      ? `${Math.ceil(seconds / 60)}\u00a0minutes`
      : `environ ${Math.ceil(seconds / 3600)}\u00a0heure${seconds > 3600 ? 's' : ''}`;
  return `Trop de tentatives en peu de temps. Merci de patienter ${wait} avant de réessayer.`;
}
export const FORBIDDEN_ORIGIN = 'Requête refusée : elle ne provient pas de ce site.';
export const CSRF_REFUSED = 'Votre session de formulaire a expiré. Rechargez la page et réessayez.';
export const SPAM_REFUSED = 'Votre envoi a été refusé par notre filtre anti-spam.';

/** True when the headers show the request comes from another site (Origin or Sec-Fetch-Site). */
export function isCrossSite(headers: {
  origin?: string | null;
  host?: string | null;
  fetchSite?: string | null;
}): boolean {
  if (headers.fetchSite === 'cross-site') return true;
  if (headers.origin == null) return false;
  if (headers.origin === 'null') return true;
  try {
    return new URL(headers.origin).host !== headers.host;
  } catch {
    return true;
  }
}

/** When a refused client may try again, for the `Retry-After` header (whole seconds, at least one). */
export function retryAfterSeconds(limit: RateLimiterRes): string {
  return String(Math.max(1, Math.ceil(limit.msBeforeNext / 1000)));
}

/**
 * The French 429 answer of every limiter (per IP here, per account and client at login), with `Retry-After`. A thrown
 * Response (not data()): resource routes (Google sign-in, image upload) send it as it is; page routes pass the header
 * on with `keepRetryAfter`.
 */
export function tooManyRequests(limit: RateLimiterRes | string): never {
  const retryAfter = typeof limit === 'string' ? limit : retryAfterSeconds(limit);
  throw Response.json(
    { message: tooManyRequestsText(retryAfter) },
    { status: 429, headers: { 'Retry-After': retryAfter, 'Cache-Control': 'no-store' } },
  );
}

/**
 * The `headers` of every route whose action can answer 429, and of the root: Remix keeps only the cookies of an answer
 * thrown by an action unless the route that shows the error passes its headers on (the root for documents, the
 * action's own route for data requests). `Retry-After` is passed on.
 */
export const keepRetryAfter: HeadersFunction = ({ errorHeaders, actionHeaders }) => {
  const kept = new Headers();
  const retryAfter = errorHeaders?.get('Retry-After') ?? actionHeaders.get('Retry-After');
  if (retryAfter) kept.set('Retry-After', retryAfter);
  return kept;
};

/** The posted form; a body that is not one (another type, none, broken encoding) is a French 400, not a 500. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    if (error instanceof TypeError) throw refusedRequest(FORM_UNREADABLE, 400);
    throw error;
  }
}

/**
 * The CSRF token of the page this request will render: bound to the session of a signed-in visitor, to the cookie's
 * secret of a visitor with a `__session`, and none ('') without the cookie: such a page is the same for everyone and
 * may come from a shared cache (see csrf.ts and csrfAccepted).
 */
export async function csrfTokenFor(request: Request, services: SessionServices): Promise<string> {
  const session = await getCurrentSession(request, services);
  if (session) return sessionCsrfToken(services, session.sessionId);
  const { c } = await readVisitor(request, services);
  return c ? visitorCsrfToken(services, c) : '';
}

/**
 * Whether the form's token is this visitor's: the session's when signed in (not one from before the login, nor another
 * session's), the cookie's when there is a `__session`. A visitor without the cookie has no token: the browser must say
 * the post comes from this very site (Sec-Fetch-Site, or Origin), which a forged cross-site form cannot; the SameSite
 * cookie adds nothing there, as there is no cookie to steal a use of. The guard answers a refusal.
 */
export async function csrfAccepted(formData: FormData, request: Request, services: SessionServices): Promise<boolean> {
  const session = await getCurrentSession(request, services);
  if (session) return isSessionCsrfToken(services, formData.get('csrf'), session.sessionId);
  const { c } = await readVisitor(request, services);
  if (c) return sameToken(formData.get('csrf'), visitorCsrfToken(services, c));
  // A cookie that says nothing valid (expired session, altered) counts as none: the origin decides.
  return isSameOriginRequest(request);
}

/**
 * For the requests that cannot carry a CSRF token (navigator.sendBeacon): positively same-origin only. The browser
 * says so with Sec-Fetch-Site, or else with an Origin equal to this host; a request that shows neither is refused.
 */
export function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite) return fetchSite === 'same-origin';
  const origin = request.headers.get('Origin');
  if (!origin || origin === 'null') return false;
  try {
    return new URL(origin).host === new URL(request.url).host;
  } catch {
    return false;
  }
}
