// The admins' federation page (/admin/federation, decision 088): followers per actor, the queue and the failed
// deliveries, blocked domains, remote sources; following a remote actor as a source, undoing it, blocking a domain.
import type { RemoteSourceInput } from '~/domain/federation-form';
import type { Config } from '../platform/config';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import { siteHandle } from './actor-types';
import { AGENDA_ACTOR, listActors } from './actors';
import { type DeliveryTrouble, deliveryTroubles, type HostTrouble } from './deliveries';
import { vocab } from './fedify';
import { softwareOf } from './peers';
import {
  type BlockedDomain,
  blockedDomains,
  blocklistChanged,
  type Follower,
  hostOf,
  normaliseDomain,
  SEP,
} from './records';
import type { FederationService } from './service';
import { listSources, type RemoteSource, sourceOf } from './sources';

export const FEDERATION_MESSAGES = {
  off: 'La fédération n’est pas activée sur ce site (réglage FEDERATION=on).',
  notFound: 'Ce compte est introuvable\u00a0: vérifiez son nom et son domaine.',
  notActor: 'Cette adresse ne mène pas à un compte du fédivers.',
  badHandle:
    'Indiquez un compte de la forme @agenda@exemple.ch (ou @agenda@exemple.ch:8443), ou l’adresse https:// de son profil.',
  blocked: 'Ce domaine est bloqué\u00a0: débloquez-le avant de suivre l’un de ses comptes.',
  badDomain: 'Indiquez un domaine, par exemple « exemple.social ».',
  noSource: 'Cette source n’existe pas (ou plus).',
  category: 'Choisissez une catégorie de la liste.',
} as const;

/** What the federation's admin page uses: the store, the federation (null when off), the site's address. */
type Deps = {
  store: Store;
  federation: FederationService | null;
  config: Pick<Config, 'SITE_URL'> & Partial<Pick<Config, 'FEDERATION_TEST_MODE'>>;
};

/** `@user@host` or `@user@host:port` (an agenda served on another port), lower-cased host; null otherwise. */
export function parseHandle(input: string): { user: string; host: string } | null {
  const m = /^@?([\w.~-]+)@([a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(input.trim());
  if (!m) return null;
  const port = m[3] === undefined ? null : Number(m[3]);
  if (port !== null && (port < 1 || port > 65_535)) return null;
  return { user: m[1], host: `${m[2].toLowerCase()}${port === null ? '' : `:${port}`}` };
}

/**
 * The remote actor a handle or an address names. WebFinger on the handle's host and port over HTTPS (Fedify); in test
 * mode only, over plain HTTP too (another instance, a Gancio on 127.0.0.1:4250).
 */
async function lookupRemote(ctx: ReturnType<FederationService['context']>, input: string, plainHttp: boolean) {
  if (/^https?:\/\//.test(input)) return ctx.lookupObject(input).catch(() => null);
  const handle = parseHandle(input);
  if (!handle) return null;
  const found = await ctx.lookupObject(`@${handle.user}@${handle.host}`).catch(() => null);
  if (found || !plainHttp) return found;
  const resource = `acct:${handle.user}@${handle.host}`;
  const jrd = await fetch(`http://${handle.host}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`, {
    headers: { Accept: 'application/jrd+json' },
    signal: AbortSignal.timeout(10_000),
  })
    .then((res) =>
      res.ok ? (res.json() as Promise<{ links?: { rel?: string; type?: string; href?: string }[] }>) : null,
    )
    .catch(() => null);
  const self = jrd?.links?.find((l) => l.rel === 'self' && /activity\+json|ld\+json/.test(l.type ?? '') && l.href);
  return self?.href ? ctx.lookupObject(self.href).catch(() => null) : null;
}

function requireFederation(deps: Deps, admin: UserProfile) {
  if (admin.role !== 'admin') throw new UseCaseError(FEDERATION_MESSAGES.off, 'form', 404);
  if (!deps.federation) throw new UseCaseError(FEDERATION_MESSAGES.off, 'form', 404);
  return deps.federation;
}

export interface FederationOverview {
  enabled: boolean;
  actors: { identifier: string; kind: string; name: string; handle: string; followers: Follower[] }[];
  queue: { due: number; later: number };
  /** Deliveries that failed, by remote host, with their next attempt (deliveries.ts). */
  troubles: HostTrouble[];
  blocked: BlockedDomain[];
  sources: RemoteSource[];
}

export async function federationOverview(deps: Deps, admin: UserProfile): Promise<FederationOverview> {
  if (admin.role !== 'admin') throw new UseCaseError(FEDERATION_MESSAGES.off, 'form', 404);
  const empty = { enabled: false, actors: [], queue: { due: 0, later: 0 }, troubles: [], blocked: [], sources: [] };
  if (!deps.federation) return empty;
  const { federation } = deps.store;
  const now = new Date().toISOString();
  const actors = await listActors({ store: deps.store, siteUrl: deps.config.SITE_URL });
  // Every follower read once, by actor: the agenda and the categories always shown, a venue or an organizer (there
  // may be hundreds) only once someone follows it (decision 096).
  const byActor = new Map<string, Follower[]>();
  for (const r of await federation.list<Follower>('follower', { now, limit: 10_000 })) {
    const identifier = r.key.slice(0, r.key.indexOf(SEP));
    byActor.set(identifier, [...(byActor.get(identifier) ?? []), r.value]);
  }
  return {
    enabled: true,
    actors: actors
      .map((a) => ({
        identifier: a.identifier,
        kind: a.kind,
        name: a.name,
        handle: siteHandle(deps.config.SITE_URL, a.handle),
        followers: byActor.get(a.identifier) ?? [],
      }))
      .filter((a) => a.kind === 'agenda' || a.kind === 'category' || a.followers.length > 0),
    queue: await federation.queueStats(now),
    troubles: await deliveryTroubles(federation, now),
    blocked: await blockedDomains(federation, now),
    sources: await listSources(federation, now),
  };
}

/** Follows a remote actor from the agenda's actor: its events come in as this source's (incoming.ts). */
export async function followRemoteSource(deps: Deps, admin: UserProfile, input: RemoteSourceInput) {
  const service = requireFederation(deps, admin);
  const category = await deps.store.categories.findBySlug(input.category);
  if (!category?.active) throw new UseCaseError(FEDERATION_MESSAGES.category, 'category', 400);
  const ctx = service.context();
  const isAddress = /^https?:\/\//.test(input.handle);
  const parsed = isAddress ? null : parseHandle(input.handle);
  if (!isAddress && !parsed) throw new UseCaseError(FEDERATION_MESSAGES.badHandle, 'handle', 400);
  const handle = parsed ? `@${parsed.user}@${parsed.host}` : input.handle;
  const actor = await lookupRemote(ctx, handle, deps.config.FEDERATION_TEST_MODE === true);
  if (!actor) throw new UseCaseError(FEDERATION_MESSAGES.notFound, 'handle', 400);
  if (!actor.id || !('inboxId' in actor) || !actor.inboxId)
    throw new UseCaseError(FEDERATION_MESSAGES.notActor, 'handle', 400);
  const now = new Date().toISOString();
  if (!normaliseDomain(actor.id.hostname)) throw new UseCaseError(FEDERATION_MESSAGES.notActor, 'handle', 400);
  if (await deps.store.federation.get('block', actor.id.hostname.toLowerCase(), now))
    throw new UseCaseError(FEDERATION_MESSAGES.blocked, 'handle', 400);
  const agendaUri = ctx.getActorUri(AGENDA_ACTOR);
  const followId = `${agendaUri.href}/activites/${crypto.randomUUID()}`;
  const name = 'name' in actor && actor.name ? String(actor.name) : handle;
  const source: RemoteSource = {
    id: actor.id.href,
    handle,
    name,
    trusted: input.trusted === 'on',
    category: input.category,
    canton: input.canton,
    organizerName: input.organizerName,
    status: 'pending',
    followId,
    createdBy: admin.uid,
    createdAt: now,
  };
  await deps.store.federation.put({ kind: 'source', key: source.id, value: source, expiresAt: null, updatedAt: now });
  // Its server's software, read now (peers.ts): what the agenda sends it depends on it.
  await softwareOf(ctx, source.id, { fresh: true });
  const { Follow } = vocab();
  await ctx.sendActivity(
    { identifier: AGENDA_ACTOR },
    actor as Parameters<typeof ctx.sendActivity>[1] & object,
    new Follow({ id: new URL(followId), actor: agendaUri, object: actor.id }),
  );
  return source;
}

/** No longer follows it: Undo sent, nothing more taken from it (its events stay). */
export async function unfollowRemoteSource(deps: Deps, admin: UserProfile, sourceId: string) {
  const service = requireFederation(deps, admin);
  const now = new Date().toISOString();
  const source = await sourceOf(deps.store.federation, sourceId, now);
  if (!source) throw new UseCaseError(FEDERATION_MESSAGES.noSource, 'form', 404);
  await deps.store.federation.remove('source', source.id);
  const ctx = service.context();
  const agendaUri = ctx.getActorUri(AGENDA_ACTOR);
  const actor = await ctx.lookupObject(source.id).catch(() => null);
  const { Follow, Undo } = vocab();
  if (actor && 'inboxId' in actor && actor.inboxId)
    await ctx.sendActivity(
      { identifier: AGENDA_ACTOR },
      actor as Parameters<typeof ctx.sendActivity>[1] & object,
      new Undo({
        id: new URL(`${agendaUri.href}/activites/${crypto.randomUUID()}`),
        actor: agendaUri,
        object: new Follow({ id: new URL(source.followId), actor: agendaUri, object: new URL(source.id) }),
      }),
    );
  return source;
}

export async function blockDomain(deps: Deps, admin: UserProfile, input: { domain: string }) {
  requireFederation(deps, admin);
  const domain = normaliseDomain(input.domain, deps.config.FEDERATION_TEST_MODE === true);
  if (!domain) throw new UseCaseError(FEDERATION_MESSAGES.badDomain, 'domain', 400);
  const now = new Date().toISOString();
  const value: BlockedDomain = { domain, createdAt: now };
  await deps.store.federation.put({ kind: 'block', key: domain, value, expiresAt: null, updatedAt: now });
  blocklistChanged();
  return value;
}

export async function unblockDomain(deps: Deps, admin: UserProfile, domain: string) {
  requireFederation(deps, admin);
  const removed = await deps.store.federation.remove('block', domain.trim().toLowerCase());
  blocklistChanged();
  return removed;
}

/**
 * Tries a remote host again at once (it answers again before its next attempt): its deliveries waiting become due,
 * and the page says so.
 */
export async function retryHostNow(deps: Deps, admin: UserProfile, host: string) {
  requireFederation(deps, admin);
  const now = new Date().toISOString();
  const wanted = host.trim().toLowerCase();
  const troubles = await deps.store.federation.list<DeliveryTrouble>('failure', {
    prefix: `${wanted}${SEP}`,
    now,
    limit: 1000,
  });
  const count = await deps.store.federation.hurry(
    now,
    (payload) => {
      const message = payload as { type?: string; inbox?: string } | null;
      return message?.type === 'outbox' && hostOf(message.inbox, true) === wanted;
    },
    10_000,
  );
  for (const r of troubles)
    if (r.value.nextAt) await deps.store.federation.put({ ...r, value: { ...r.value, nextAt: now }, updatedAt: now });
  return { host: wanted, count };
}
