// The host a request is for, decided once (issue 31, decision 057, issue 46): `Host`, or SITE_URL's host when the
// request comes through a trusted proxy (TRUST_PROXY), whose X-Forwarded-Host must name it. Anyone else's
// X-Forwarded-Host is dropped before anything reads it, so that server.ts's origin check, Remix's own check of actions
// and the guard all compare Origin with one host: a forged header could make them disagree, and Remix's check then
// answered a bare 500 with a stack trace. A host that is no host (a port past 65535, a space) is refused with a French
// 400 instead of failing deeper, where a URL built from it threw outside any handler and stopped the process.
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

const page = (text: string) =>
  `<!doctype html><html lang="fr-CH"><meta charset="utf-8"><title>Requête invalide · Agenda romand</title><main><h1>Requête invalide</h1><p>${text}</p><p><a href="/">Retour à l’accueil</a></p></main></html>`;

/** The French 400 of a request whose host (or target) no URL can be built on. */
export function refuseUnreadableTarget(req: ExpressRequest, res: ExpressResponse, what: string): void {
  console.warn(`[http] requête refusée, ${what} invalide : ${JSON.stringify(requestHost(req).slice(0, 100))}`);
  res
    .status(400)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(page('L’adresse du site indiquée par cette requête n’est pas valide.'));
}

/**
 * The French 400 of a request a trusted proxy forwards for another site than SITE_URL's: a client's request, not a
 * right it lacks (a 403 would say that another account could do it), that no server of this site should have got.
 */
function refuseOtherSite(res: ExpressResponse, forwarded: string, siteHost: string): void {
  console.warn(
    `[http] requête refusée, X-Forwarded-Host ${JSON.stringify(forwarded.slice(0, 100))} n’est pas l’hôte du site (${siteHost})`,
  );
  res
    .status(400)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(page('Cette requête est adressée à un autre site que celui-ci.'));
}

/**
 * Settles the host before anything else reads it. Without a trusted proxy: Host, X-Forwarded-Host dropped. Behind one
 * (TRUST_PROXY), the site's host is SITE_URL's: the proxy's own Host is the instance's address (Firebase Hosting sends
 * Cloud Run's), and an X-Forwarded-Host that names another host is refused; X-Forwarded-Host is then set to the site's
 * host, so that every check after this one (the origin check, Remix's URL, the guard) compares Origin with it. A
 * request without a valid host is refused.
 */
export function hostSettler(siteUrl: string): RequestHandler {
  const siteHost = new URL(siteUrl).host;
  return (req, res, next) => {
    if (!isValidHost((req.get('Host') ?? '').trim())) return refuseUnreadableTarget(req, res, 'hôte');
    if (!fromTrustedProxy(req)) {
      delete req.headers['x-forwarded-host'];
      return next();
    }
    const forwarded = req.get('X-Forwarded-Host');
    if (forwarded !== undefined) {
      const first = forwarded.split(',')[0].trim();
      if (!isValidHost(first)) return refuseUnreadableTarget(req, res, 'hôte');
      if (first.toLowerCase() !== siteHost) return refuseOtherSite(res, first, siteHost);
    }
    req.headers['x-forwarded-host'] = siteHost;
    next();
  };
}

/**
 * The URL of the request for Remix: the protocol Express reads (X-Forwarded-Proto from a trusted proxy only), the host
 * request-host.ts settles (its port with it: never the port of another header), and the path. An absolute-form
 * target (`GET http://other.example/page`) is this site's path all the same. Null when no URL can be built.
 */
export function remixUrl(req: ExpressRequest): string | null {
  const host = requestHost(req);
  if (!isValidHost(host)) return null;
  try {
    let path = req.originalUrl;
    if (!path.startsWith('/')) {
      const absolute = new URL(path);
      path = `${absolute.pathname}${absolute.search}`;
    }
    return new URL(`${req.protocol}://${host}${path}`).href;
  } catch {
    return null;
  }
}
