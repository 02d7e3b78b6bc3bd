// The cookie choice of a visitor without JavaScript, kept in `__session` (visitor.ts): the server shows the banner until
// it exists. With JavaScript, the browser's local storage keeps the choice (docs/specification.md §3) and the page, the same for every
// visitor, hides the banner itself; a visitor who already has a `__session` (signed in) keeps it there too.
import type { CookieConsent } from '~/domain/consent';
import { hasVisitorCookie, readVisitor, updateVisitor, type VisitorServices } from './visitor';

/** About 13 months, the usual longest life of a consent choice: then the visitor is asked again. */
export const CONSENT_MAX_AGE_DAYS = 395;
const MAX_AGE_MS = CONSENT_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

/** The choice this request carries, or null when there is none (or it is older than 13 months). */
export async function readConsent(request: Request, services: VisitorServices): Promise<CookieConsent | null> {
  const { k } = await readVisitor(request, services);
  if (!k || Date.now() - Date.parse(k.d) > MAX_AGE_MS) return null;
  return { preferences: { necessary: true, analytics: k.a, marketing: k.m, functional: k.f }, date: k.d };
}

/** True when this visitor already has a `__session`: a choice kept there costs them no cached page. */
export function hasSessionCookie(request: Request): boolean {
  return hasVisitorCookie(request.headers.get('Cookie'));
}

/** The Set-Cookie header of `__session` with the choice stored, or cleared (null: reset). */
export function consentCookieHeader(
  request: Request,
  services: VisitorServices,
  consent: CookieConsent | null,
): Promise<string> {
  if (!consent) return updateVisitor(request, services, { k: undefined });
  const { analytics, marketing, functional } = consent.preferences;
  return updateVisitor(request, services, { k: { a: analytics, m: marketing, f: functional, d: consent.date } });
}
