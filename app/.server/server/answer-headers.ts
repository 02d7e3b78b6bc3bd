// The headers of an answer written to Express, for a page Remix rendered and for a page the cache kept alike: the page's
// own policies replace helmet's, and only the last `__session` Set-Cookie goes (each builds on the previous).
import type { Response as ExpressResponse } from 'express';
import { VISITOR_COOKIE } from '../platform/visitor';

/** The answer's Set-Cookie headers, with only the last `__session` one (each builds on the previous, visitor.ts). */
export function setCookies(headers: Headers): string[] {
  const all = headers.getSetCookie();
  const last = all.findLastIndex((cookie) => cookie.startsWith(`${VISITOR_COOKIE}=`));
  return all.filter((cookie, i) => i === last || !cookie.startsWith(`${VISITOR_COOKIE}=`));
}

/** Headers a page's own answer replaces rather than adds to (helmet set them before). */
const REPLACED = new Set(['content-security-policy', 'cache-control', 'cross-origin-resource-policy']);

export function writeHeaders(res: ExpressResponse, headers: Iterable<[string, string]>) {
  for (const [key, value] of headers) {
    if (key === 'set-cookie') continue;
    if (REPLACED.has(key)) res.setHeader(key, value);
    else res.append(key, value);
    // The one answer other sites may frame (/integrer, decision 047) says so in its own policy: helmet's
    // X-Frame-Options, which would forbid it in older browsers, goes.
    if (key === 'content-security-policy' && /frame-ancestors \*/.test(value)) res.removeHeader('X-Frame-Options');
  }
}
