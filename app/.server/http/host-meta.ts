// /.well-known/host-meta (RFC 6415), as Mastodon serves it: where WebFinger lives, for the clients and older servers
// that look there before asking /.well-known/webfinger. XRD by default, JSON at host-meta.json or when asked for.
import type { Request, Response } from 'express';

export const HOST_META_PATH = /^\/\.well-known\/host-meta(\.json)?$/;

export function sendHostMeta(req: Request, res: Response, siteUrl: string) {
  const template = `${siteUrl}/.well-known/webfinger?resource={uri}`;
  const json = HOST_META_PATH.exec(req.path)?.[1] === '.json' || /json/.test(req.get('Accept') ?? '');
  const xmlTemplate = template.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const body = json
    ? JSON.stringify({ links: [{ rel: 'lrdd', template }] })
    : `<?xml version="1.0" encoding="UTF-8"?>\n<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">\n  <Link rel="lrdd" template="${xmlTemplate}"/>\n</XRD>\n`;
  res.writeHead(200, {
    'Content-Type': json ? 'application/json; charset=utf-8' : 'application/xrd+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=3600',
    'Access-Control-Allow-Origin': '*',
    Vary: 'Accept',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
