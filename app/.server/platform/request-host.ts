// The host a request is for, decided once (issue 31, decision 057): `Host`, or the first `X-Forwarded-Host` when the
// request comes through a trusted proxy (TRUST_PROXY). Anyone else's X-Forwarded-Host is dropped before anything reads
// it, so that server.ts's origin check, Remix's own check of actions and the guard all compare Origin with one host: a
// forged header could make them disagree, and Remix's check then answered a bare 500 with a stack trace. A host that is
// no host (a port past 65535, a space) is refused with a French 400 instead of failing deeper, where a URL built from it
// threw outside any handler and stopped the process.
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express';

const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/i;

/** A host[:port] a URL can be built on. */
export function isValidHost(host: string): boolean {
  const match = host.length <= 255 ? host.match(HOST) : null;
  if (!match || (match[1] !== undefined && Number(match[1]) > 65535)) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

/** Whether Express trusts the peer as a proxy (the compiled `trust proxy` setting; never without TRUST_PROXY). */
function fromTrustedProxy(req: ExpressRequest): boolean {
  const trust = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  return trust?.(req.socket.remoteAddress ?? '', 0) ?? false;
}

/** The host this request is for: a trusted proxy's first X-Forwarded-Host, else Host. */
export function requestHost(req: ExpressRequest): string {
  const forwarded = req.get('X-Forwarded-Host');
  if (forwarded !== undefined && fromTrustedProxy(req)) return forwarded.split(',')[0].trim();
  return (req.get('Host') ?? '').trim();
}

/** The French 400 of a request whose host (or target) no URL can be built on. */
export function refuseUnreadableTarget(req: ExpressRequest, res: ExpressResponse, what: string): void {
  console.warn(`[http] requête refusée, ${what} invalide : ${JSON.stringify(requestHost(req).slice(0, 100))}`);
  res
    .status(400)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      '<!doctype html><html lang="fr-CH"><meta charset="utf-8"><title>Requête invalide · Agenda romand</title><main><h1>Requête invalide</h1><p>L’adresse du site indiquée par cette requête n’est pas valide.</p><p><a href="/">Retour à l’accueil</a></p></main></html>',
    );
}

/**
 * Settles the host before anything else reads it: X-Forwarded-Host kept (its first value only) from a trusted proxy,
 * dropped from anyone else; a request without a valid host refused.
 */
export const settleHost: RequestHandler = (req, res, next) => {
  const host = requestHost(req);
  if (req.headers['x-forwarded-host'] !== undefined) {
    if (fromTrustedProxy(req)) req.headers['x-forwarded-host'] = host;
    else delete req.headers['x-forwarded-host'];
  }
  if (!isValidHost(host)) return refuseUnreadableTarget(req, res, 'hôte');
  next();
};
