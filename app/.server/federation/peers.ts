// The software each remote server runs, read from its NodeInfo (decision 088, issue 48): when one of its accounts
// follows an actor, when a source is followed, and again once a day when something is sent to it. Kept by origin in
// the store (kind `software`); a server that does not answer keeps what was known, and is asked again an hour later.
import type { Context } from '@fedify/fedify';
import type { FederationContext } from './actor-types';

export interface PeerSoftware {
  /** NodeInfo's `software.name`, lower case (`gancio`, `mastodon`, `mobilizon`…), or null: unknown. */
  name: string | null;
  checkedAt: string;
}

/** A known software is read again after a day, an unknown one after an hour. */
export const SOFTWARE_REFRESH_MS = 24 * 3_600_000;
export const SOFTWARE_RETRY_MS = 3_600_000;
const TIMEOUT_MS = 5_000;
const NODEINFO_SCHEMA = /^http:\/\/nodeinfo\.diaspora\.software\/ns\/schema\/2\.[0-2]$/;

/** The scheme, host and port of a URL (two servers on one host are two peers), or null. */
export function originOf(url: string | URL | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return null;
  }
}

async function getJson(url: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) return null;
  const body = (await res.json()) as unknown;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/**
 * NodeInfo's software name at this origin. Fedify's lookup refuses this machine's addresses: in test mode (two local
 * instances, a Gancio on 127.0.0.1) the two documents are read directly, nowhere else.
 */
async function readNodeInfo(ctx: Context<FederationContext>, origin: string): Promise<string | null> {
  if (!ctx.data.allowPrivate) {
    const info = await ctx.lookupNodeInfo(origin, { parse: 'best-effort' }).catch(() => undefined);
    return info?.software.name.toLowerCase() ?? null;
  }
  const links = (await getJson(`${origin}/.well-known/nodeinfo`))?.links;
  const link = Array.isArray(links)
    ? (links as { rel?: string; href?: string }[]).find((l) => NODEINFO_SCHEMA.test(l.rel ?? '') && l.href)
    : undefined;
  if (!link?.href || originOf(link.href) === null) return null;
  const software = (await getJson(link.href))?.software as { name?: unknown } | undefined;
  return typeof software?.name === 'string' && software.name ? software.name.toLowerCase() : null;
}

/** What is known of this origin's software, without asking it. */
export async function knownSoftware(ctx: Context<FederationContext>, url: string): Promise<PeerSoftware | null> {
  const origin = originOf(url);
  if (!origin) return null;
  const now = ctx.data.now().toISOString();
  return (await ctx.data.store.federation.get<PeerSoftware>('software', origin, now))?.value ?? null;
}

/**
 * The software of the server of this actor (or address): from the store while fresh, else from its NodeInfo (now,
 * whatever the store says, when `fresh`: a subscription).
 */
export async function softwareOf(
  ctx: Context<FederationContext>,
  url: string,
  options: { fresh?: boolean } = {},
): Promise<string | null> {
  const origin = originOf(url);
  if (!origin) return null;
  const at = ctx.data.now();
  const known = await knownSoftware(ctx, origin);
  const age = known ? at.getTime() - Date.parse(known.checkedAt) : Number.POSITIVE_INFINITY;
  if (known && !options.fresh && age < (known.name ? SOFTWARE_REFRESH_MS : SOFTWARE_RETRY_MS)) return known.name;
  const name = await readNodeInfo(ctx, origin).catch(() => null);
  const value: PeerSoftware = { name: name ?? known?.name ?? null, checkedAt: at.toISOString() };
  await ctx.data.store.federation.put({
    kind: 'software',
    key: origin,
    value,
    expiresAt: null,
    updatedAt: value.checkedAt,
  });
  return value.name;
}

/** The same for many actors: each origin read once per call. */
export function softwareReader(ctx: Context<FederationContext>) {
  const seen = new Map<string, Promise<string | null>>();
  return (url: string) => {
    const origin = originOf(url) ?? url;
    let found = seen.get(origin);
    if (!found) {
      found = softwareOf(ctx, url);
      seen.set(origin, found);
    }
    return found;
  };
}
