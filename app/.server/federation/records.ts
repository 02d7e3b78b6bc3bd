// The federation's records as the use cases read them: followers of our actors, blocked domains (the delivery
// failures: deliveries.ts).
import type { FederationStore } from '../ports';

export const SEP = '\u001f';
const LIST_MAX = 10_000;

export interface Follower {
  id: string;
  inbox: string;
  sharedInbox: string | null;
  /** @user@host when known, for the admins. */
  handle: string | null;
  /** Its server's software (NodeInfo): Gancio reads a place's address as text, the others as a PostalAddress. */
  software?: string | null;
  followedAt: string;
}

export interface BlockedDomain {
  domain: string;
  createdAt: string;
}

export const followerKey = (actor: string, followerId: string) => `${actor}${SEP}${followerId}`;

export async function followersOf(store: FederationStore, actor: string, now: string): Promise<Follower[]> {
  const records = await store.list<Follower>('follower', { prefix: `${actor}${SEP}`, now, limit: LIST_MAX });
  return records.map((r) => r.value);
}

/** The host of an address, lower case (with its port when asked: an inbox's server), or null. */
export function hostOf(url: string | URL | null | undefined, withPort = false): string | null {
  if (!url) return null;
  try {
    const { host, hostname } = new URL(url);
    return (withPort ? host : hostname).toLowerCase();
  } catch {
    return null;
  }
}

/** A domain written by an admin: a host or an address, lower case, without `www.`-like tricks left to the admin. */
export function normaliseDomain(input: string, withPort = false): string | null {
  const text = input.trim().toLowerCase().replace(/^@/, '');
  const href = text.includes('://') ? text : `https://${text}`;
  const address = text.includes('/') && URL.canParse(href) ? new URL(href) : null;
  if (text.includes('/') && !address) return null;
  const host = address ? (withPort ? address.host : address.hostname) : text.split('@').pop();
  if (!host) return null;
  // A port only in test mode (two instances on 127.0.0.1): a real server is blocked by its domain, whatever the port.
  const [name, port, ...rest] = host.split(':');
  if (rest.length || (port !== undefined && !(withPort && /^\d{1,5}$/.test(port) && Number(port) <= 65_535)))
    return null;
  return /^[a-z0-9.-]+\.[a-z]{2,}$|^localhost$|^\d{1,3}(\.\d{1,3}){3}$/.test(name) ? host : null;
}

/** The domains an address answers to, most precise first: its host with a port (test mode), its host, its parents. */
function domainsOf(url: string | URL): string[] | null {
  const host = hostOf(url);
  if (!host) return null;
  // A host with its port (test mode: two instances on 127.0.0.1) is blocked by that pair too.
  const withPort = hostOf(url, true) as string;
  const parts = host.split('.');
  const suffixes = parts.map((_, i) => parts.slice(i).join('.'));
  return withPort === host ? suffixes : [withPort, ...suffixes];
}

/** Whether this address is on a blocked domain or one of its subdomains (one read per domain it answers to). */
export async function isBlocked(store: FederationStore, url: string | URL | null | undefined, now: string) {
  const domains = url ? domainsOf(url) : null;
  if (!domains) return true;
  for (const domain of domains) if (await store.get('block', domain, now)) return true;
  return false;
}

export async function blockedDomains(store: FederationStore, now: string): Promise<BlockedDomain[]> {
  return (await store.list<BlockedDomain>('block', { now, limit: LIST_MAX })).map((r) => r.value);
}

/** The blocked domains read once, checked in memory: for a fan-out to many followers. */
export interface Blocklist {
  blocks(url: string | URL | null | undefined): boolean;
}

export async function loadBlocklist(store: FederationStore, now: string): Promise<Blocklist> {
  const blocked = new Set((await blockedDomains(store, now)).map((b) => b.domain));
  return {
    blocks(url) {
      const domains = url ? domainsOf(url) : null;
      return !domains || domains.some((d) => blocked.has(d));
    },
  };
}

let blocklistChanges = 0;
/** Tells this process's blocklists kept in memory that an admin changed the blocked domains. */
export function blocklistChanged() {
  blocklistChanges++;
}

/**
 * The blocklist of a hot path that a stranger drives (the inbox, decision 105): read at most once per `ttlMs` by this
 * process, at once after a change made in it; another process's change is seen within `ttlMs`.
 */
export function keptBlocklist(store: FederationStore, ttlMs: number, clock: () => number = Date.now) {
  let kept: { list: Promise<Blocklist>; until: number; changes: number } | null = null;
  return (): Promise<Blocklist> => {
    const at = clock();
    if (!kept || kept.until <= at || kept.changes !== blocklistChanges) {
      const list = loadBlocklist(store, new Date(at).toISOString());
      kept = { list, until: at + ttlMs, changes: blocklistChanges };
      // A failed read is not kept: the next activity reads again.
      list.catch(() => {
        if (kept?.list === list) kept = null;
      });
    }
    return kept.list;
  };
}

/**
 * What the federation last told of one of our events (publish.ts), kind `published`, key the event's id. Each
 * publication after a Delete is a new object (a new `generation`, a new id: decision 102), since a server that heard
 * the Delete keeps its Tombstone and refuses the id again.
 */
export interface Published {
  fingerprint: string;
  /** The actors that speak of it now (those that share it). */
  actors: string[];
  /** Every actor that spoke of it since its Create: their followers' servers may hold it, and hear its Update, Delete. */
  reached?: string[];
  deleted: boolean;
  /** 1 for the first object, one more at each publication after a Delete (absent: 1). */
  generation?: number;
  /** When this generation was first sent (its Create): its `published`, stable. */
  publishedAt?: string;
  /** When its last Update was sent (the change approved): its `updated`. */
  changedAt?: string;
  /** When each actor that shares it now began to (its Announce's `published`). */
  sharedAt?: Record<string, string>;
  /** When each former generation was deleted (index: generation − 1). */
  deletedAt?: string[];
  /** A series: when the date it shows ends (then the next one is sent: refreshSeries); absent past its last. */
  shownUntil?: string;
}

export async function publicationOf(store: FederationStore, eventId: string, now: string) {
  return store.get<Published>('published', eventId, now);
}

/**
 * The generation an event's documents answer for: the one sent, or the next one when the event is public again after
 * its Delete and its Create is on its way.
 */
export function currentGeneration(sent: Published | null | undefined, isPublic: boolean): number {
  const generation = sent?.generation ?? 1;
  return sent?.deleted && isPublic ? generation + 1 : generation;
}

/** The dates of the object of this generation: its first send, its last approved change (else the fallback). */
export function objectDates(sent: { value: Published; updatedAt: string } | null, fallback: string) {
  if (!sent || sent.value.deleted) return { published: fallback };
  const published = sent.value.publishedAt ?? sent.updatedAt;
  const updated = sent.value.changedAt;
  return { published, ...(updated && updated > published ? { updated } : {}) };
}
