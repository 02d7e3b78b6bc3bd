// How long a client may take to send its request (issue 31, decision 057): its headers within HEADERS_TIMEOUT_SECONDS,
// the whole request, body included, within REQUEST_TIMEOUT_SECONDS (Node's headersTimeout and requestTimeout, checked
// every second instead of Node's 30). A client that trickles a body a byte at a second no longer holds a connection
// for minutes. Past the limit, and for anything Node cannot read as HTTP, the client gets a short French answer when
// nothing of an answer was sent yet, then the connection ends.
import type { ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Config } from '../platform/config';

export function serverTimeouts(
  config: Pick<Config, 'HEADERS_TIMEOUT_SECONDS' | 'REQUEST_TIMEOUT_SECONDS'>,
): Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval'> {
  return {
    headersTimeout: config.HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionsCheckingInterval: 1000,
  };
}

export const REQUEST_TOO_SLOW =
  'Requête trop lente\u00a0: elle n’a pas été reçue en entier dans le délai imparti. Vérifiez votre connexion et réessayez.';

const answer = (status: string, text: string) => {
  const body = Buffer.from(`${text}\n`);
  return Buffer.concat([
    Buffer.from(
      `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n`,
    ),
    body,
  ]);
};

const ANSWERS: Record<string, Buffer> = {
  ERR_HTTP_REQUEST_TIMEOUT: answer('408 Request Timeout', REQUEST_TOO_SLOW),
  HPE_HEADER_OVERFLOW: answer('431 Request Header Fields Too Large', 'En-têtes de requête trop volumineux.'),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: answer('413 Payload Too Large', 'Requête trop volumineuse.'),
};
const BAD_REQUEST = answer('400 Bad Request', 'Requête illisible.');

/**
 * The server's `clientError`: what Node does by default (answer only if no answer has started, then close), with
 * French words. A timeout is logged in one line; a client that left (ECONNRESET) is not.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') console.warn('[http] requête trop lente : connexion fermée (408)');
  if (socket.writable && !inFlight?.headersSent && error.code !== 'ECONNRESET') {
    socket.write(ANSWERS[error.code ?? ''] ?? BAD_REQUEST);
  }
  socket.destroy(error);
}
