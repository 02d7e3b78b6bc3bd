// The one cookie of the site, `__session` (docs/decisions/037-un-seul-cookie-et-pages-en-cache.md): Firebase Hosting
// passes no other cookie to the app, and a shared cache keeps only answers that set none. It is signed and holds what
// belongs to one visitor: the session's secret (`t`, a random token or a Firebase session cookie), the CSRF secret of
// a visitor without a session (`c`), the one-time message (`f`), the cookie choice made without JavaScript (`k`) and
// the accounts this browser signed in to (`d`, fingerprints of their addresses: decision 138) and the address last
// registered in it (`r`, a fingerprint: its verification link signs in here, decision 153).
// A visitor who has none of these gets no cookie, and their pages can come from a shared cache.
import crypto from 'node:crypto';
import { createCookie } from '@remix-run/node';
import { z } from '~/domain/zod';
import type { Config } from './config';

export const VISITOR_COOKIE = '__session';
/** A session ends after this long without a request (session.ts); its cookie lives as long (issue 68). */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
/** A cookie without a session (a choice of cookies, the accounts remembered): the longest a browser keeps one. */
const LONGEST_COOKIE_S = 400 * 24 * 60 * 60;

/** How many accounts a browser is remembered to have signed in to (the last ones). */
const REMEMBERED_ACCOUNTS = 5;

const visitorState = z.object({
  t: z.string().min(20).optional(),
  c: z.string().min(16).optional(),
  f: z
    .object({
      kind: z.enum(['success', 'info', 'error']),
      message: z.string(),
      /** An address to fill in on the next page's form (the login page after the verification link). */
      email: z.string().max(254).optional(),
      action: z
        .object({
          label: z.string(),
          path: z.string(),
          intent: z.string(),
          eventId: z.string(),
          fields: z.record(z.string(), z.string()).optional(),
        })
        .optional(),
    })
    .optional(),
  k: z.object({ a: z.boolean(), m: z.boolean(), f: z.boolean(), d: z.string().datetime() }).optional(),
  d: z.array(z.string().max(32)).max(REMEMBERED_ACCOUNTS).optional(),
  r: z.string().max(32).optional(),
});

export type VisitorState = z.infer<typeof visitorState>;

/**
 * What the cookie needs of the services: its signing secret and whether it is sent over HTTPS only. Every function here
 * takes it from its caller (a route passes `context.services`): no module reaches for the process's services.
 */
export interface VisitorServices {
  readonly config: Pick<Config, 'SESSION_SECRET' | 'SECURE_COOKIES'>;
}

const cookies = new WeakMap<VisitorServices['config'], ReturnType<typeof createCookie>>();

/** The signed cookie of these settings, made once per configuration. */
function visitorCookie({ config }: VisitorServices) {
  let cookie = cookies.get(config);
  if (!cookie) {
    cookie = createCookie(VISITOR_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.SECURE_COOKIES,
      path: '/',
      secrets: [config.SESSION_SECRET],
      // The browser keeps the cookie; the server decides (idle timeout, revocation, the consent's own date). With a
      // session in it, no longer than the session (serializeVisitor).
      maxAge: LONGEST_COOKIE_S,
    });
    cookies.set(config, cookie);
  }
  return cookie;
}

/** True when the request carries a `__session` cookie at all (valid or not): its answers are this visitor's own. */
export function hasVisitorCookie(cookieHeader: string | null | undefined): boolean {
  return /(?:^|;\s*)__session=/.test(cookieHeader ?? '');
}

const read = new WeakMap<Request, Promise<VisitorState>>();
const pending = new WeakMap<Request, VisitorState>();

/** What this request's `__session` holds (an empty state when it has none, or an unreadable one). Read once. */
export function readVisitor(request: Request, services: VisitorServices): Promise<VisitorState> {
  let found = read.get(request);
  if (!found) {
    found = visitorCookie(services)
      .parse(request.headers.get('Cookie'))
      .then((value) => visitorState.safeParse(value))
      .then((parsed) => (parsed.success ? parsed.data : {}))
      .catch(() => ({}));
    read.set(request, found);
  }
  return found;
}

/** A state worth a cookie: a session, a message, a choice or a remembered account (a CSRF secret alone is not kept). */
const isEmpty = (state: VisitorState) => !state.t && !state.f && !state.k && !state.d?.length && !state.r;

/** The fingerprint of a login address kept in `d`: the address itself is not written in the cookie. */
const accountPrint = (email: string) =>
  crypto.createHash('sha256').update(`compte:${email.trim().toLowerCase()}`).digest('base64url').slice(0, 22);

/** Whether this browser signed in to `email` before (its signed cookie remembers it): login.ts's known browser. */
export async function remembersAccount(request: Request, services: VisitorServices, email: string): Promise<boolean> {
  return ((await readVisitor(request, services)).d ?? []).includes(accountPrint(email));
}

/** Remembers that this browser signed in to `email`; returns the Set-Cookie (with the changes made before it). */
export async function rememberAccount(request: Request, services: VisitorServices, email: string): Promise<string> {
  const current = pending.get(request) ?? (await readVisitor(request, services));
  const print = accountPrint(email);
  const kept = (current.d ?? []).filter((known) => known !== print);
  return updateVisitor(request, services, { d: [...kept, print].slice(-REMEMBERED_ACCOUNTS) });
}

/**
 * Remembers the address registered in this browser (its fingerprint, whether or not it had an account: the answer is
 * the same, decision 025); returns the Set-Cookie. Its verification link, opened here, signs in (decision 153).
 */
export function rememberRegistration(request: Request, services: VisitorServices, email: string): Promise<string> {
  return updateVisitor(request, services, { r: accountPrint(email) });
}

/** Whether `email` is the address registered in this browser (rememberRegistration). */
export async function registeredHere(request: Request, services: VisitorServices, email: string): Promise<boolean> {
  return (await readVisitor(request, services)).r === accountPrint(email);
}

/** The Set-Cookie of a state: the signed cookie, or its removal when nothing is left in it. */
export async function serializeVisitor(services: VisitorServices, state: VisitorState): Promise<string> {
  if (isEmpty(state)) return visitorCookie(services).serialize('', { maxAge: 0 });
  // A visitor's forms need a CSRF secret as soon as they have a cookie (see csrf.ts).
  const withSecret = state.c ? state : { ...state, c: crypto.randomBytes(18).toString('base64url') };
  // A session's cookie lives as long as the session would without a request; session.ts sends it again when it
  // extends the session (issue 68: 400 days for a 30-day session).
  const maxAge = state.t ? SESSION_IDLE_TIMEOUT_MS / 1000 : LONGEST_COOKIE_S;
  return visitorCookie(services).serialize(withSecret, { maxAge });
}

/**
 * Changes this visitor's cookie and returns its Set-Cookie. Every change made while answering one request builds on
 * the previous ones (a logout and its message), so the last Set-Cookie of the answer carries them all; the HTTP layer
 * sends only that one (app/.server/server/http-cache.ts).
 */
export async function updateVisitor(
  request: Request,
  services: VisitorServices,
  change: Partial<VisitorState>,
): Promise<string> {
  const current = pending.get(request) ?? (await readVisitor(request, services));
  const next: VisitorState = { ...current, ...change };
  for (const key of Object.keys(change) as (keyof VisitorState)[]) if (change[key] === undefined) delete next[key];
  if (!next.c && !isEmpty(next)) next.c = crypto.randomBytes(18).toString('base64url');
  pending.set(request, next);
  return serializeVisitor(services, next);
}
