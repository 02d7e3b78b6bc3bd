// The visitor's cookie choice, kept in a cookie of its own (a necessary cookie): the server shows the banner until it
// exists, and the page-view endpoint reads whether audience measurement is allowed.
import { createCookie } from '@remix-run/node';
import type { CookieConsent } from '~/domain/consent';
import { z } from '~/domain/zod';
import { getServices } from '../services';
import { once } from './once';

/** About 13 months, the usual longest life of a consent choice: then the visitor is asked again. */
export const CONSENT_MAX_AGE_DAYS = 395;

const consentCookie = once(() =>
  createCookie('cookie_consent', {
    httpOnly: true,
    sameSite: 'lax',
    secure: getServices().config.SECURE_COOKIES,
    path: '/',
    maxAge: CONSENT_MAX_AGE_DAYS * 24 * 60 * 60,
  }),
);

/** Short keys keep the cookie small: it travels with every request. */
const stored = z.object({ a: z.boolean(), m: z.boolean(), f: z.boolean(), d: z.string().datetime() });

/** The choice this request carries, or null when there is none (or it is unreadable). */
export async function readConsent(request: Request): Promise<CookieConsent | null> {
  let value: unknown;
  try {
    value = await consentCookie().parse(request.headers.get('Cookie'));
  } catch {
    return null;
  }
  const parsed = stored.safeParse(value);
  if (!parsed.success) return null;
  const { a, m, f, d } = parsed.data;
  return { preferences: { necessary: true, analytics: a, marketing: m, functional: f }, date: d };
}

/** The Set-Cookie header that stores a choice, or clears it (null: reset). */
export function consentCookieHeader(consent: CookieConsent | null): Promise<string> {
  if (!consent) return consentCookie().serialize('', { maxAge: 0 });
  const { analytics, marketing, functional } = consent.preferences;
  return consentCookie().serialize({ a: analytics, m: marketing, f: functional, d: consent.date });
}
