// Open-redirect payloads: each one, given as the place to go back to after a login, a registration or a cookie choice,
// must leave the visitor on this site. Shared by the unit tests of every redirecting action and by `bench:fuzz`.

export const EVIL_HOST = 'evil.example';

export const REDIRECT_PAYLOADS: readonly string[] = [
  // Other hosts, written plainly.
  `//${EVIL_HOST}/phish`,
  `///${EVIL_HOST}/phish`,
  `////${EVIL_HOST}`,
  `https://${EVIL_HOST}/`,
  `http://${EVIL_HOST}`,
  `HTTPS://${EVIL_HOST}`,
  `https:${EVIL_HOST}`,
  `https:/${EVIL_HOST}`,
  `//${EVIL_HOST}@agenda.invalid/`,
  `//agenda.invalid@${EVIL_HOST}/`,
  `/${EVIL_HOST}`.replace('/', '//'),
  // Dot segments that collapse into a second slash.
  `/.//${EVIL_HOST}/phish`,
  `/..//${EVIL_HOST}/phish`,
  `/././/${EVIL_HOST}`,
  `/a/..//${EVIL_HOST}`,
  `/a/b/../..//${EVIL_HOST}`,
  `/%2e//${EVIL_HOST}`,
  `/%2e%2e//${EVIL_HOST}`,
  `/%2E%2E//${EVIL_HOST}`,
  `/.%2e//${EVIL_HOST}`,
  `/%2e./${EVIL_HOST}`.replace(`./${EVIL_HOST}`, `.//${EVIL_HOST}`),
  `/./%2e%2e//${EVIL_HOST}`,
  `/a/%2e%2e//${EVIL_HOST}`,
  `/..;//${EVIL_HOST}`,
  `/.../..//${EVIL_HOST}`,
  // Backslashes, plain and encoded (browsers read `\\` as `/` in special URLs).
  `/\\${EVIL_HOST}`,
  `/\\/${EVIL_HOST}`,
  `\\\\${EVIL_HOST}`,
  `/%5c${EVIL_HOST}`,
  `/%5C%5C${EVIL_HOST}`,
  `/%5c/${EVIL_HOST}`,
  `/.\\/${EVIL_HOST}`,
  `/..\\${EVIL_HOST}`,
  `/%2e%2e%5c%5c${EVIL_HOST}`,
  // Encoded slashes.
  `/%2f${EVIL_HOST}`,
  `/%2F%2F${EVIL_HOST}`,
  `%2f%2f${EVIL_HOST}`,
  `/%252f%252f${EVIL_HOST}`,
  `/.%2f/${EVIL_HOST}`,
  // Tabs, newlines and other controls the URL parser strips.
  `/\t/${EVIL_HOST}`,
  `/\n/${EVIL_HOST}`,
  `/\r/${EVIL_HOST}`,
  `/\r\n/${EVIL_HOST}`,
  `/%09/${EVIL_HOST}`,
  `/%0a/${EVIL_HOST}`,
  `/%0d%0a/${EVIL_HOST}`,
  `/\u0000/${EVIL_HOST}`,
  ` //${EVIL_HOST}`,
  `/ /${EVIL_HOST}`,
  `/\r\nLocation: https://${EVIL_HOST}`,
  `/%0d%0aSet-Cookie:%20pris=1`,
  // Unicode slashes and full-width look-alikes.
  `/\uff0f${EVIL_HOST}`,
  `/\u2215${EVIL_HOST}`,
  `/\u2044${EVIL_HOST}`,
  `/\u29f8${EVIL_HOST}`,
  `/\uff3c${EVIL_HOST}`,
  `\uff0f\uff0f${EVIL_HOST}`,
  `/\u3002/${EVIL_HOST}`,
  `/%ef%bc%8f${EVIL_HOST}`,
  `//${EVIL_HOST}\uff0f`,
  `/\u200b/${EVIL_HOST}`,
  `/\u202e//${EVIL_HOST}`,
  // Scheme tricks.
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '/javascript:alert(1)',
  `mailto:x@${EVIL_HOST}`,
  `ftp://${EVIL_HOST}`,
  // Odd shapes.
  '',
  ' ',
  '.',
  '..',
  '?',
  '#',
  `@${EVIL_HOST}`,
  `${EVIL_HOST}`,
  `/${'a'.repeat(5000)}`,
  `/?next=//${EVIL_HOST}`,
  `/#//${EVIL_HOST}`,
];

/** True when a Location value keeps the visitor on this site (resolved against it, as a browser would). */
export function staysOnSite(location: string, site = 'https://agenda.test'): boolean {
  if (!location.startsWith('/') || location.startsWith('//') || location.includes('\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a header value with controls is not a path.
  if (/[\u0000-\u0020\u007f]/.test(location)) return false;
  return new URL(location, site).origin === site;
}
