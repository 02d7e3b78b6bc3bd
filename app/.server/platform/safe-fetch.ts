// The one way the server fetches a document at an address someone typed (an ICS source, an event page to import):
// http(s) only, no credentials, usual ports, a public address checked inside each connection's own DNS lookup and
// again at every redirect (at most 3), a size limit counted while the body streams, one deadline for the whole
// transfer, the content type checked and the text decoded from its charset (an image: its bytes as received). Every
// refusal is a UseCaseError on the field 'url' with one French sentence the person can act on.
import type http from 'node:http';
import net from 'node:net';
import {
  AddressRefused,
  guardedRequest,
  isLoopbackAddress,
  isPublicAddress,
  type Resolver,
  systemResolver,
} from './public-address';
import { UseCaseError } from './use-case-error';

export interface FetchedText {
  url: string;
  contentType: string;
  /** The decoded text; empty for an image. */
  text: string;
  /** The body as received. */
  bytes: Buffer;
  etag: string | null;
  lastModified: string | null;
}
export interface SafeFetchOptions {
  accept: 'calendar' | 'html' | 'image';
  maxBytes?: number;
  timeoutMs?: number;
  ifNoneMatch?: string | null;
  ifModifiedSince?: string | null;
}
/** Resolves to the document, or to 'not-modified' on a 304; refuses with a UseCaseError (field 'url', French message). */
export type FetchText = (url: string, options: SafeFetchOptions) => Promise<FetchedText | 'not-modified'>;

export const MAX_REDIRECTS = 3;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

/** What each kind of document may be served as: calendars are often served as plain text or bytes. */
const ACCEPTED_TYPES: Record<SafeFetchOptions['accept'], string[]> = {
  calendar: ['text/calendar', 'application/ics', 'text/x-vcalendar', 'application/octet-stream', 'text/plain'],
  html: ['text/html', 'application/xhtml+xml'],
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
};
const EXPECTED: Record<SafeFetchOptions['accept'], string> = {
  calendar: 'un calendrier ICS (text/calendar) est attendu',
  html: 'une page web (text/html) est attendue',
  image: 'une image JPEG, PNG, WebP ou AVIF est attendue',
};
const HTTP_REASONS: Record<number, string> = {
  401: 'accès réservé',
  403: 'accès refusé',
  404: 'page introuvable',
  410: 'page supprimée',
  429: 'trop de demandes',
  500: 'erreur du site',
  502: 'erreur du site',
  503: 'site indisponible',
};

const refuse = (message: string): never => {
  throw new UseCaseError(message, 'url', 400);
};

function megabytes(bytes: number): string {
  return `${new Intl.NumberFormat('fr-CH', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))}\u00a0Mo`;
}

/** A typed address, parsed and checked for what can be judged without the network. */
export function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return refuse('Saisissez une adresse web complète, par exemple https://exemple.ch/agenda.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    refuse('Seules les adresses http:// et https:// sont acceptées.');
  if (url.username || url.password) refuse('L’adresse ne doit contenir ni identifiant ni mot de passe.');
  const port = url.port ? Number(url.port) : null;
  // The web's ports, and the unprivileged ones sites use (8080, 8443…); never 22, 25, 6379 and the like.
  if (port !== null && port !== 80 && port !== 443 && port < 1024)
    refuse(`Le port ${port} n’est pas accepté\u00a0: utilisez le port 80, 443 ou un port au-dessus de 1023.`);
  url.hash = '';
  return url;
}

function mediaType(header: string | undefined): { type: string; charset: string | null } {
  const [type = '', ...params] = (header ?? '').split(';');
  const charset = params
    .map((p) => p.trim().match(/^charset\s*=\s*"?([^";]+)"?$/i)?.[1])
    .find((c): c is string => Boolean(c));
  return { type: type.trim().toLowerCase(), charset: charset ?? null };
}

/**
 * Text from bytes: a byte-order mark first, then the header's charset, then an HTML meta charset, else UTF-8. A calendar
 * said (or taken) to be UTF-8 whose bytes are not is read as Windows-1252 (Latin-1 and its superset, what old tools and
 * Outlook write): « Fête » rather than « F\ufffdte ». A charset no decoder knows refuses a calendar, in French.
 */
export function decodeText(bytes: Buffer, headerCharset: string | null, accept: SafeFetchOptions['accept']): string {
  let label = headerCharset;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = 'utf-8';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (!label && accept === 'html') {
    const head = bytes.subarray(0, 1024).toString('latin1');
    label = head.match(/<meta[^>]+charset\s*=\s*["']?([\w-]+)/i)?.[1] ?? null;
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? 'utf-8');
  } catch {
    if (accept === 'calendar')
      refuse(`Encodage inconnu («\u00a0${label}\u00a0»)\u00a0: enregistrez le calendrier en UTF-8.`);
    decoder = new TextDecoder('utf-8');
  }
  if (accept === 'calendar' && decoder.encoding === 'utf-8') {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return new TextDecoder('windows-1252').decode(bytes);
    }
  }
  return decoder.decode(bytes);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer | null;
}

function networkMessage(error: unknown, timeoutMs: number): string {
  const cause = error as { name?: string; code?: string };
  if (error instanceof AddressRefused)
    return error.address
      ? 'Cette adresse n’est pas publique\u00a0: seuls les sites accessibles sur Internet peuvent être lus.'
      : 'Ce site est introuvable (aucune adresse utilisable).';
  if (cause?.name === 'TimeoutError' || cause?.name === 'AbortError') {
    const seconds = timeoutMs / 1000;
    const figure = new Intl.NumberFormat('fr-CH', { maximumFractionDigits: 1 }).format(seconds);
    return `Délai dépassé\u00a0: le site n’a pas tout envoyé en ${figure}\u00a0seconde${seconds >= 2 ? 's' : ''}.`;
  }
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return 'Ce site est introuvable (nom inconnu).';
  return 'Connexion impossible à ce site.';
}

/** The address a saved source may name: why not, in French, or null (issue 68: checked at save, not at every run). */
export async function unreachableAddress(
  value: string,
  options: { allowLoopback: boolean; resolver?: Resolver },
): Promise<string | null> {
  const url = new URL(value);
  // http only for this machine's test servers (IMPORT_ALLOW_LOOPBACK), as the message of the form asks.
  if (url.protocol !== 'https:' && !options.allowLoopback)
    return 'Indiquez l’adresse complète du calendrier, commençant par https://.';
  const allowed = options.allowLoopback
    ? (address: string) => isPublicAddress(address) || isLoopbackAddress(address)
    : isPublicAddress;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await (options.resolver ?? systemResolver)(host)).map((a) => a.address);
  } catch {
    // A name that does not resolve now may later: the run says so in its log.
    return null;
  }
  return addresses.some((address) => !allowed(address))
    ? 'Cette adresse n’est pas publique\u00a0: seuls les sites accessibles sur Internet peuvent être lus.'
    : null;
}

export function createSafeFetch(options: { allowLoopback: boolean; resolver?: Resolver }): FetchText {
  const allowed = options.allowLoopback
    ? (address: string) => isPublicAddress(address) || isLoopbackAddress(address)
    : isPublicAddress;
  return createSafeFetchWithPolicy({ allowed, resolver: options.resolver });
}

/** The same fetcher with any address policy (tests: a single loopback address as the only « public » one). */
export function createSafeFetchWithPolicy(policy: {
  allowed: (address: string) => boolean;
  resolver?: Resolver;
}): FetchText {
  const addresses = { resolve: policy.resolver, allowed: policy.allowed };

  /** One request, its body read only when wanted and never past maxBytes. */
  function request(
    url: URL,
    headers: Record<string, string>,
    { maxBytes, accept }: { maxBytes: number; accept: SafeFetchOptions['accept'] },
    signal: AbortSignal,
  ) {
    return new Promise<Answer>((resolve, reject) => {
      const req = guardedRequest(url, { method: 'GET', headers, signal }, addresses, (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 200) {
          response.resume();
          return resolve({ status, headers: response.headers, body: null });
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          req.destroy();
          return reject(new UseCaseError(tooBig(maxBytes, accept), 'url', 400));
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) {
            req.destroy();
            reject(new UseCaseError(tooBig(maxBytes, accept), 'url', 400));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
        response.on('aborted', () => reject(new Error('aborted')));
      });
      req.on('error', reject);
      req.end();
    });
  }

  const tooBig = (maxBytes: number, accept: SafeFetchOptions['accept']) =>
    `${accept === 'image' ? 'Image trop volumineuse' : 'Document trop volumineux'}\u00a0: plus de ${megabytes(maxBytes)}.`;

  return async (raw, fetchOptions) => {
    const maxBytes = fetchOptions.maxBytes ?? DEFAULT_MAX_BYTES;
    const timeoutMs = fetchOptions.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const signal = AbortSignal.timeout(timeoutMs);
    let url = checkUrl(raw);
    const headers: Record<string, string> = {
      accept: ACCEPTED_TYPES[fetchOptions.accept].join(', '),
      'user-agent': 'AgendaRomand/1.0 (import)',
      'accept-encoding': 'identity',
    };
    if (fetchOptions.ifNoneMatch) headers['if-none-match'] = fetchOptions.ifNoneMatch;
    if (fetchOptions.ifModifiedSince) headers['if-modified-since'] = fetchOptions.ifModifiedSince;
    for (let redirects = 0; ; redirects++) {
      let answer: Answer;
      try {
        answer = await request(url, headers, { maxBytes, accept: fetchOptions.accept }, signal);
      } catch (error) {
        if (error instanceof UseCaseError) throw error;
        return refuse(networkMessage(signal.aborted ? signal.reason : error, timeoutMs));
      }
      const { status } = answer;
      if (status === 304) return 'not-modified';
      if ([301, 302, 303, 307, 308].includes(status)) {
        if (redirects >= MAX_REDIRECTS) refuse(`Trop de redirections (plus de ${MAX_REDIRECTS}).`);
        const location = answer.headers.location;
        if (!location) refuse(`Le site a répondu HTTP ${status} sans dire où aller.`);
        url = checkUrl(new URL(String(location), url).href);
        continue;
      }
      if (status !== 200 || !answer.body) {
        const reason = HTTP_REASONS[status];
        return refuse(`Le site a répondu HTTP ${status}${reason ? ` (${reason})` : ''}.`);
      }
      const { type, charset } = mediaType(answer.headers['content-type']);
      if (!ACCEPTED_TYPES[fetchOptions.accept].includes(type))
        refuse(`Type de contenu inattendu (${type || 'non indiqué'})\u00a0: ${EXPECTED[fetchOptions.accept]}.`);
      const text = fetchOptions.accept === 'image' ? '' : decodeText(answer.body, charset, fetchOptions.accept);
      // Bytes or plain text are accepted as a calendar only when they are one.
      if (
        fetchOptions.accept === 'calendar' &&
        !text
          .replace(/^\uFEFF/, '')
          .trimStart()
          .startsWith('BEGIN:VCALENDAR')
      )
        refuse(`Ce document n’est pas un calendrier ICS (type ${type}).`);
      return {
        url: url.href,
        contentType: type,
        text,
        bytes: answer.body,
        etag: (answer.headers.etag as string | undefined) ?? null,
        lastModified: (answer.headers['last-modified'] as string | undefined) ?? null,
      };
    }
  };
}
