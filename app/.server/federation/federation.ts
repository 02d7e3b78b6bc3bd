// The Fedify federation of the site (decision 087): actors (actors.ts) with their keys, WebFinger and NodeInfo, the
// followers collections, and the inbox: Follow and Undo accepted and stored, Accept/Reject of our own follows of
// sources, the Events of followed sources (incoming.ts). Everything else (replies, likes, boosts) is ignored. Its
// key–value store and queue are the site's store (fedify-storage.ts).
import type { Federation, MessageQueue } from '@fedify/fedify';
import { isPublicStatus } from '~/domain/event-lifecycle';
import type { Store } from '../ports';
import type { FederationContext } from './actor-types';
import { actorByHandle, findActor, listActors } from './actors';
import { deliveryHandled, deliveryRetryPolicy, recordDeliveryFailure } from './deliveries';
import { fedify, fedifyRuntime, vocab } from './fedify';
import { createKvStore, createStoreQueue } from './fedify-storage';
import { receiveDelete, receiveEvent, sourceAnswered } from './incoming';
import { actorKeyPairs } from './keys';
import { formerActors, movedActor } from './moves';
import { setOutbox } from './outbox';
import { softwareOf } from './peers';
import { type Follower, followerKey, followersOf, isBlocked, loadBlocklist } from './records';

export interface FederationSettings {
  siteUrl: string;
  /** Plain HTTP and this machine's addresses allowed (two local instances in tests). */
  testMode: boolean;
  pollMs: number;
  version: string;
  /** The wait before a failed delivery's first retry, doubled at each one (deliveries.ts). */
  retryFirstMs: number;
}

export const ACTOR_PATH = '/federation/acteurs/{identifier}';
export const INBOX_PATH = '/federation/acteurs/{identifier}/boite';
export const SHARED_INBOX_PATH = '/federation/boite';
export const FOLLOWERS_PATH = '/federation/acteurs/{identifier}/abonnes';
export const OUTBOX_PATH = '/federation/acteurs/{identifier}/envois';

/**
 * The queue of deliveries and received activities, in the store (fedify-storage.ts). A delivery to a domain blocked
 * after it was queued is dropped.
 */
export function federationQueue(store: Store, settings: Pick<FederationSettings, 'pollMs'>): MessageQueue {
  return createStoreQueue(store.federation, {
    pollMs: settings.pollMs,
    handled: (payload, startedAt) => deliveryHandled(store.federation, payload, startedAt),
    onError: (error) => console.error('[fédération] message en échec', error),
    skip: async (payload) => {
      const message = payload as { type?: string; inbox?: string };
      return message.type === 'outbox' && (await isBlocked(store.federation, message.inbox, new Date().toISOString()));
    },
  });
}

/** An actor's followers, but those of a blocked domain. */
async function unblockedFollowers(data: FederationContext, identifier: string): Promise<Follower[]> {
  const now = data.now().toISOString();
  const followers = await followersOf(data.store.federation, identifier, now);
  const blocklist = await loadBlocklist(data.store.federation, now);
  return followers.filter((f) => !blocklist.blocks(f.id));
}

export function buildFederation(
  store: Store,
  settings: FederationSettings,
  queue: MessageQueue = federationQueue(store, settings),
): Federation<FederationContext> {
  const { createFederation } = fedify();
  const { getDocumentLoader } = fedifyRuntime();
  const { Accept, Announce, Create, Delete, Endpoints, Follow, Image, Reject, Service, Undo, Update } = vocab();
  const federation = createFederation<FederationContext>({
    kv: createKvStore(store.federation),
    queue,
    // The queue is read only where the jobs run (services.ts decides): a web process only enqueues.
    manuallyStartQueue: true,
    origin: settings.siteUrl,
    allowPrivateAddress: settings.testMode,
    // Our activities are built whole (event-object.ts): nothing to add to them.
    activityTransformers: [],
    // What Mastodon, Gancio and Mobilizon all verify (draft-cavage); RFC 9421 only for those who ask for it.
    firstKnock: 'draft-cavage-http-signatures-12',
    userAgent: { software: `AgendaRomand/${settings.version}`, url: new URL(settings.siteUrl) },
    // Each delivery retried on its own schedule (deliveries.ts), never held behind its host's other failures:
    // Fedify's circuit breaker kept every delivery to a host away for 30 minutes after five failures in ten, even
    // once it answered again, and even an activity created after the outage (issue 37).
    outboxRetryPolicy: deliveryRetryPolicy(settings.retryFirstMs),
    circuitBreaker: false,
    onOutboxError: async (error, activity) => {
      await recordDeliveryFailure(store.federation, {
        error,
        activityId: activity?.id?.href ?? null,
        activityType: activity ? activity.constructor.name : null,
        objectId: activity?.objectId?.href ?? null,
        now: new Date(),
        firstRetryMs: settings.retryFirstMs,
      }).catch(() => {});
    },
  });

  // A remote document as its server serves it now, not as the shared cache kept it (incoming.ts: a group's event).
  const fresh = getDocumentLoader({
    allowPrivateAddress: settings.testMode,
    userAgent: { software: `AgendaRomand/${settings.version}`, url: new URL(settings.siteUrl) },
  });

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const now = ctx.data.now().toISOString();
      const actor =
        (await findActor({ store: ctx.data.store, siteUrl: ctx.data.siteUrl }, identifier)) ??
        // A merged venue or organizer (moves.ts): its document stays, saying where it went.
        (await movedActor(ctx.data.store.federation, identifier, now));
      if (!actor) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      const movedTo = 'to' in actor ? ctx.getActorUri(actor.to) : null;
      return new Service({
        id: ctx.getActorUri(identifier),
        preferredUsername: actor.handle,
        name: actor.name,
        summary: 'to' in actor ? null : actor.summary,
        url: new URL(actor.pageUrl),
        icon:
          'iconUrl' in actor && actor.iconUrl
            ? new Image({ url: new URL(actor.iconUrl), mediaType: actor.iconType })
            : null,
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        followers: ctx.getFollowersUri(identifier),
        manuallyApprovesFollowers: false,
        discoverable: !movedTo,
        successor: movedTo,
        aliases: (await formerActors(ctx.data.store.federation, identifier, now)).map((a) => ctx.getActorUri(a)),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((k) => k.multikey),
      });
    })
    .setKeyPairsDispatcher((ctx, identifier) => actorKeyPairs(ctx.data.store.federation, identifier))
    // A handle is not an identifier (decision 096): `@salle-du-bourg@hôte` is the actor `lieu.<id>`.
    // A moved actor goes by its identifier (its former name leads to the actor kept): WebFinger loops back to it, as
    // Mastodon checks when it reads it again.
    .mapHandle(
      async (ctx, username) =>
        (await actorByHandle({ store: ctx.data.store, siteUrl: ctx.data.siteUrl }, username)) ??
        ((await movedActor(ctx.data.store.federation, username, ctx.data.now().toISOString())) ? username : null),
    );

  federation
    // An actor that does not exist has no followers to list: 404, as its document and its outbox.
    .setFollowersDispatcher(FOLLOWERS_PATH, async (ctx, identifier) =>
      (await findActor(ctx.data, identifier))
        ? { items: (await unblockedFollowers(ctx.data, identifier)).map(recipient) }
        : null,
    )
    // The same followers as the list: those of a blocked domain are neither listed nor counted.
    .setCounter(async (ctx, identifier) => (await unblockedFollowers(ctx.data, identifier)).length);

  // The outbox: the actor's upcoming public events, paged, newest first (outbox.ts).
  setOutbox(federation, OUTBOX_PATH);

  // Its users: the actors one can follow (the agenda, the active categories, the approved venues and organizers: a
  // record a source created and no admin approved is no actor); its posts: the public events (decision 102).
  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async (ctx) => ({
    software: { name: 'agenda-romand', version: settings.version, homepage: new URL(ctx.data.siteUrl) },
    protocols: ['activitypub'],
    // Anyone may open an account (/inscription): the site has no setting that closes it.
    openRegistrations: true,
    usage: {
      users: { total: (await listActors({ store: ctx.data.store, siteUrl: ctx.data.siteUrl })).length },
      localPosts: await publicEventCount(ctx.data.store),
      localComments: 0,
    },
  }));

  federation
    .setInboxListeners(INBOX_PATH, SHARED_INBOX_PATH)
    .on(Follow, async (ctx, follow) => {
      const { store } = ctx.data;
      const now = ctx.data.now().toISOString();
      const target = follow.objectId ? ctx.parseUri(follow.objectId) : null;
      if (target?.type !== 'actor' || !follow.actorId) return;
      if (!(await findActor({ store, siteUrl: ctx.data.siteUrl }, target.identifier))) return;
      const follower = await follow.getActor(ctx);
      if (!follower?.id || !follower.inboxId) return;
      const actorUri = ctx.getActorUri(target.identifier);
      const answer = {
        id: new URL(`${actorUri.href}/activites/${crypto.randomUUID()}`),
        actor: actorUri,
        object: follow,
      };
      if (await isBlocked(store.federation, follower.id, now)) {
        await ctx.sendActivity({ identifier: target.identifier }, follower, new Reject(answer));
        return;
      }
      // Its server's software, read now (peers.ts): what it is sent depends on it.
      const software = await softwareOf(ctx, follower.id.href, { fresh: true });
      const key = followerKey(target.identifier, follower.id.href);
      // A Follow sent again (Mastodon does, after a restart) keeps the date of the first.
      const already = (await store.federation.get<Follower>('follower', key, now))?.value;
      const value: Follower = {
        id: follower.id.href,
        inbox: follower.inboxId.href,
        sharedInbox: follower.endpoints?.sharedInbox?.href ?? null,
        handle:
          follower.preferredUsername && URL.canParse(follower.id)
            ? `@${follower.preferredUsername}@${new URL(follower.id).host}`
            : null,
        software,
        followedAt: already?.followedAt ?? now,
      };
      await store.federation.put({
        kind: 'follower',
        key,
        value,
        expiresAt: null,
        updatedAt: now,
      });
      await ctx.sendActivity({ identifier: target.identifier }, follower, new Accept(answer));
    })
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if (!(object instanceof Follow) || !object.objectId || !undo.actorId) return;
      const target = ctx.parseUri(object.objectId);
      if (target?.type !== 'actor') return;
      await ctx.data.store.federation.remove('follower', followerKey(target.identifier, undo.actorId.href));
    })
    .on(Accept, (ctx, accept) => sourceAnswered(ctx, accept, true))
    .on(Reject, (ctx, reject) => sourceAnswered(ctx, reject, false))
    .on(Create, (ctx, create) => receiveEvent(ctx, create, fresh))
    .on(Update, (ctx, update) => receiveEvent(ctx, update, fresh))
    .on(Announce, (ctx, announce) => receiveEvent(ctx, announce, fresh))
    .on(Delete, (ctx, del) => receiveDelete(ctx, del))
    .onError((_ctx, error) => console.error('[fédération] activité reçue non traitée', error));

  return federation;
}

/** The events public now (approved or cancelled, past ones included): what the agenda has published. */
async function publicEventCount(store: Store): Promise<number> {
  const counts = await store.events.countAllByStatus();
  return Object.entries(counts).reduce((n, [status, count]) => n + (isPublicStatus(status as never) ? count : 0), 0);
}

function recipient(f: Follower) {
  return {
    id: new URL(f.id),
    inboxId: new URL(f.inbox),
    endpoints: f.sharedInbox ? { sharedInbox: new URL(f.sharedInbox) } : null,
  };
}
