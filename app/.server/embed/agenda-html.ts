// The framed agenda (/integrer): a tiny server-rendered page, no site chrome, no cookie, that other sites may frame
// (decision 047). Its events come from the public API's own reading (only public content, ever), a series as one line
// (decision 065). Its one script, allowed by its hash, tells the host page its height (postMessage), so that the frame
// fits its content where the host added the configurator's few lines.

import crypto from 'node:crypto';
import { formatDateTime } from '~/domain/dates';
import { WEATHER_PENDING } from '~/domain/day-status';
import { EMBED_HEIGHT_MESSAGE, EMBED_MAX } from '~/domain/embed';
import { ongoingWhen } from '~/domain/event-days';
import { ApiProblem, listApiEvents } from '../api/events';
import type { Store } from '../ports';

export { EMBED_MAX } from '~/domain/embed';

/**
 * The API's parameters for the embed's French ones: categorie, canton, lieu, organisateur, recherche, limite, and
 * autour et rayon (a locality of the list and a radius in km, issue 47).
 */
export function embedParams(given: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  const category = given.get('categorie');
  const canton = given.get('canton');
  if (category) params.set('category', category);
  if (canton) params.set('canton', canton.toUpperCase());
  // A venue's or an organizer's agenda (issue 36), by its slug.
  for (const name of ['lieu', 'organisateur']) {
    const slug = given.get(name)?.trim();
    if (slug) params.set(name, slug.slice(0, 120));
  }
  const search = given.get('recherche')?.trim();
  if (search) params.set('q', search.slice(0, 100));
  for (const name of ['autour', 'rayon']) {
    const value = given.get(name)?.trim();
    if (value) params.set(name, value.slice(0, 100));
  }
  const limit = Number.parseInt(given.get('limite') ?? '', 10);
  params.set('limit', String(Number.isFinite(limit) && limit >= 1 ? Math.min(limit, EMBED_MAX) : 5));
  params.set('group', 'series');
  params.set('fields', 'title,url,startsAt,endsAt,allDay,venue,cancelled,series,weatherDependent,dayStatus');
  return params;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{margin:0;font:16px/1.4 system-ui,sans-serif;color:#1a1a1a;background:#fff}
ul{list-style:none;margin:0;padding:0}li{padding:.5rem .75rem;border-bottom:1px solid #ddd}
a{color:#0b5394;font-weight:600;display:inline-block;min-height:24px;padding:2px 0}p{margin:.15rem 0 0;color:#444;font-size:.9rem}.vide{padding:.75rem}
footer{padding:.5rem .75rem;font-size:.8rem}`;

/** Says the page's height to the frame's host, at load and whenever it changes (fonts, a narrower frame). */
const HEIGHT_SCRIPT = `(function(){function s(){parent.postMessage({type:"${EMBED_HEIGHT_MESSAGE}",hauteur:document.documentElement.scrollHeight},"*")}addEventListener("load",s);if(window.ResizeObserver)new ResizeObserver(s).observe(document.body)})()`;
const HEIGHT_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(HEIGHT_SCRIPT).digest('base64')}'`;

export const EMBED_CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src ${HEIGHT_SCRIPT_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors *`;

export async function embedPage(
  { store }: { store: Store },
  given: URLSearchParams,
  siteUrl: string,
  now = new Date(),
) {
  let items: string;
  let status = 200;
  try {
    const { data } = await listApiEvents({ store }, embedParams(given), siteUrl, now);
    items =
      data.length === 0
        ? '<p class="vide">Aucun événement à venir pour cette sélection.</p>'
        : `<ul>${data
            .map((e) => {
              // An exhibition under way says until when, as the site's list does.
              const when = e.startsAt
                ? (ongoingWhen({ ...e, startsAt: e.startsAt }, now) ?? formatDateTime(e.startsAt))
                : '';
              const where = [e.venue?.name, e.venue?.locality].filter(Boolean).join(', ');
              const cancelled = e.cancelled ? ' — annulé' : '';
              const series = e.series?.summary ? `<p>${escapeHtml(e.series.summary)}</p>` : '';
              // « Ça a lieu ? » (issue 51): what was said on the day, or that it is said on the day.
              const said = e.dayStatus?.text ?? (e.weatherDependent ? WEATHER_PENDING : null);
              const day = said ? `<p>${escapeHtml(said)}</p>` : '';
              return `<li><a href="${escapeHtml(e.url ?? '')}" target="_blank" rel="noopener">${escapeHtml(e.title ?? '')}</a><p><time datetime="${escapeHtml(e.startsAt ?? '')}">${escapeHtml(when)}</time>${where ? ` · ${escapeHtml(where)}` : ''}${cancelled}</p>${series}${day}</li>`;
            })
            .join('')}</ul>`;
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error;
    status = 400;
    items = `<p class="vide">${escapeHtml(error.detail.replace('« category »', '« categorie »'))}</p>`;
  }
  const html = `<!doctype html><html lang="fr-CH"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Agenda romand</title><style>${STYLE}</style></head><body><main>${items}</main><footer><a href="${escapeHtml(siteUrl)}/evenements" target="_blank" rel="noopener">Tout l’agenda sur Agenda romand</a></footer><script>${HEIGHT_SCRIPT}</script></body></html>`;
  return { status, html };
}
