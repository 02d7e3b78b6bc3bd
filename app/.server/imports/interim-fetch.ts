// TEMPORARY: a calendar reader for the sources until the shared safe fetcher (issue 21 part A,
// app/.server/platform/safe-fetch.ts, exposed as services.fetchText) is merged; sources-deps.ts prefers that one as soon
// as it exists, and this file goes then. Same rules, on the checks decision 028 already has: http(s) only, every
// address connected to must be public (the lookup itself refuses, at each redirect, at most 3), a size and a time
// limit, a calendar content type; French refusals. Loopback only with IMPORT_ALLOW_LOOPBACK=true (tests).
import http from 'node:http';
import https from 'node:https';
import {
  AddressRefused,
  assertAllowedLiteral,
  guardedLookup,
  isLoopbackAddress,
  isPublicAddress,
} from '../platform/public-address';
import { UseCaseError } from '../platform/use-case-error';
import type { FetchText } from './fetch-types';

const MAX_REDIRECTS = 3;
const CALENDAR_TYPES = /^(text\/calendar|text\/plain|application\/(octet-stream|ics|x-ics|ical))\b/i;

const refuse = (message: string) => new UseCaseError(message, 'url', 400);

export function interimFetchText(allowLoopback: boolean): FetchText {
  const allowed = (address: string) => isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));
  const lookup = guardedLookup({ allowed });
  return async (address, options) => {
    const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw refuse('Cette adresse n’est pas valide.');
    }
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        throw refuse('Seules les adresses http:// et https:// sont lues.');
      try {
        assertAllowedLiteral(url, allowed);
      } catch {
        throw refuse('Cette adresse mène à un réseau privé\u00a0: elle n’est pas lue.');
      }
      const headers: Record<string, string> = { accept: 'text/calendar, text/plain;q=0.5' };
      if (options.ifNoneMatch) headers['if-none-match'] = options.ifNoneMatch;
      if (options.ifModifiedSince) headers['if-modified-since'] = options.ifModifiedSince;
      const answer = await get(url, headers, lookup, options.timeoutMs ?? 15_000, maxBytes);
      if (answer.status >= 300 && answer.status < 400 && answer.status !== 304 && answer.location) {
        url = new URL(answer.location, url);
        continue;
      }
      if (answer.status === 304) return 'not-modified';
      if (answer.status !== 200) throw refuse(`Le serveur du calendrier a répondu ${answer.status}.`);
      const contentType = answer.headers['content-type'] ?? '';
      if (contentType && !CALENDAR_TYPES.test(contentType))
        throw refuse(`Cette adresse ne donne pas un calendrier iCalendar (type ${contentType.split(';')[0]}).`);
      return {
        url: url.toString(),
        contentType,
        text: answer.body.toString('utf8'),
        etag: answer.headers.etag ?? null,
        lastModified: answer.headers['last-modified'] ?? null,
      };
    }
    throw refuse(`Trop de redirections (plus de ${MAX_REDIRECTS}).`);
  };
}

interface Answer {
  status: number;
  location: string | null;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

function get(
  url: URL,
  headers: Record<string, string>,
  lookup: ReturnType<typeof guardedLookup>,
  timeoutMs: number,
  maxBytes: number,
): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers, lookup, timeout: timeoutMs }, (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location ?? null;
      const flat = Object.fromEntries(
        Object.entries(response.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
      );
      if (status !== 200) {
        response.resume();
        resolve({ status, location, headers: flat, body: Buffer.alloc(0) });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          const tooBig = refuse(`Ce calendrier dépasse ${Math.max(1, Math.round(maxBytes / 1024 / 1024))}\u00a0Mo.`);
          reject(tooBig);
          response.removeAllListeners('data');
          request.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, location, headers: flat, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('timeout', () => {
      reject(refuse('Le serveur du calendrier ne répond pas à temps.'));
      request.destroy();
    });
    request.on('error', (error) =>
      reject(
        error instanceof UseCaseError
          ? error
          : error instanceof AddressRefused || (error as { cause?: unknown }).cause instanceof AddressRefused
            ? refuse('Cette adresse mène à un réseau privé\u00a0: elle n’est pas lue.')
            : refuse('Le serveur du calendrier est injoignable.'),
      ),
    );
  });
}
