// Content negotiation of the public pages that have an ActivityPub twin (decision 102): the home, an event's page, a
// venue's and an organizer's. A client that prefers `application/activity+json` (or `application/ld+json` with the
// ActivityStreams profile) to HTML — Mastodon when a person pastes the page's address — is sent to the object or the
// actor (302); the others get the page. Mounted before the page cache (issue 35), which never sees an AS2 request;
// every answer of these paths says `Vary: Accept` so that a shared cache (Firebase Hosting keys on the headers Vary
// names) never serves one to the other. And the other way: a browser that opens an actor's or an object's address is
// sent to its page. Only when the federation is on.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { activityPubTarget, NEGOTIATED_PAGE, webPageOf } from '../federation/page-targets';
import type { Store } from '../ports';

interface Range {
  type: string;
  q: number;
  profile: string | null;
}

function ranges(accept: string): Range[] {
  return accept.split(',').map((part) => {
    const [type, ...params] = part.split(';').map((p) => p.trim());
    let q = 1;
    let profile: string | null = null;
    for (const param of params) {
      const [name, value = ''] = param.split('=').map((p) => p.trim());
      if (name.toLowerCase() === 'q') q = Number.parseFloat(value) || 0;
      if (name.toLowerCase() === 'profile') profile = value.replace(/^"|"$/g, '');
    }
    return { type: type.toLowerCase(), q, profile };
  });
}

const AS_PROFILE = 'https://www.w3.org/ns/activitystreams';

/** Whether this Accept header prefers an ActivityStreams document to a web page (ties go to the page). */
export function prefersActivityJson(accept: string | undefined): boolean {
  if (!accept) return false;
  let as2 = 0;
  let html = 0;
  for (const r of ranges(accept)) {
    if (r.type === 'application/activity+json') as2 = Math.max(as2, r.q);
    if (r.type === 'application/ld+json' && r.profile?.split(/\s+/).includes(AS_PROFILE)) as2 = Math.max(as2, r.q);
    if (r.type === 'text/html' || r.type === 'application/xhtml+xml' || r.type === 'text/*' || r.type === '*/*')
      html = Math.max(html, r.q);
  }
  return as2 > 0 && as2 > html;
}

/**
 * Whether a browser asks: it names `text/html` (or XHTML) itself, and prefers it to ActivityStreams. A client that
 * accepts anything (`*\/*`, curl) still gets the document.
 */
/** Set on a browser's request for a federation address that has no web page: the site's 404 answers it. */
export const BROWSER_WITHOUT_PAGE = 'browserWithoutPage';

export function prefersWebPage(accept: string | undefined): boolean {
  if (!accept || prefersActivityJson(accept)) return false;
  return ranges(accept).some((r) => (r.type === 'text/html' || r.type === 'application/xhtml+xml') && r.q > 0);
}

/**
 * A browser on an actor's or an object's address goes to its page (302), as Mastodon does for its profiles. An address
 * with no page behind it (an unknown actor, an inbox) gets the site's own « Page introuvable » rather than a document
 * it cannot read: the federation's middleware lets it through to the pages (`BROWSER_WITHOUT_PAGE`).
 */
async function toWebPage(store: Store, siteUrl: string, req: Request, res: Response, next: NextFunction) {
  const page = await webPageOf({ store, siteUrl }, req.path);
  res.vary('Accept');
  if (!page) {
    res.locals[BROWSER_WITHOUT_PAGE] = true;
    return next();
  }
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(302, page);
}

export function activityNegotiation(store: () => Store, siteUrl: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/federation/') && prefersWebPage(req.get('Accept')))
      return void toWebPage(store(), siteUrl, req, res, next).catch(next);
    if (!NEGOTIATED_PAGE.test(req.path)) return next();
    res.vary('Accept');
    if (!prefersActivityJson(req.get('Accept'))) return next();
    void activityPubTarget(store(), siteUrl, req.path)
      .then((target) => {
        res.setHeader('Cache-Control', 'no-store');
        if (target) return res.redirect(302, target);
        res
          .status(404)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify({ error: 'Rien de public à cette adresse.' }));
      })
      .catch(next);
  };
}
