// How an event reaches the followers of every actor that speaks of it (decision 096): the object is the agenda's, and
// only the agenda creates, changes or deletes it; the venue, the organizer and the category share it (`Announce`, as a
// Mobilizon group does) with their own followers, and take their share back (`Undo`) when it stops being public or
// stops being theirs. A Mastodon server keeps one copy of the object, and each account sees it from what it follows.
// Gancio, which takes events only from the actors it follows, hears them from those actors instead (publish.ts).
import type { Context } from '@fedify/fedify';
import type { Activity, Announce, Undo } from '@fedify/vocab';
import { esmOnFirstUse } from '../platform/on-first-use';
import type { FederationContext } from './actor-types';
import { eventObjectId, flavorOf, generationKey, type PayloadFlavor } from './event-object';
import { vocab } from './fedify';
import { originOf, softwareReader } from './peers';
import { type Follower, followersOf, loadBlocklist } from './records';

type Ctx = Context<FederationContext>;
// Fedify's own Temporal (its vocabulary's dates), not a dependency of ours: loaded with Fedify, not with the app.
const temporal = esmOnFirstUse<typeof import('@js-temporal/polyfill')>('@js-temporal/polyfill');

/**
 * The followers of these actors (those whose server reads this flavor: its software, peers.ts), each once, none of a
 * blocked domain, none of the server `except` (the one an event came from: it never hears it back).
 */
export async function recipientsOf(
  ctx: Ctx,
  actors: readonly string[],
  flavor?: PayloadFlavor,
  except: string | null = null,
): Promise<Follower[]> {
  const now = ctx.data.now().toISOString();
  const seen = new Map<string, Follower>();
  const blocklist = await loadBlocklist(ctx.data.store.federation, now);
  const software = softwareReader(ctx);
  for (const actor of actors) {
    for (const f of await followersOf(ctx.data.store.federation, actor, now)) {
      if (seen.has(f.id) || blocklist.blocks(f.id) || (except && originOf(f.id) === except)) continue;
      if (flavor && flavorOf((await software(f.id)) ?? f.software) !== flavor) continue;
      seen.set(f.id, f);
    }
  }
  return [...seen.values()];
}

/** Fedify's recipients: a shared inbox is preferred, so that a server hears an activity once. */
export const recipientsFor = (followers: readonly Follower[]) =>
  followers.map((f) => ({
    id: new URL(f.id),
    inboxId: new URL(f.inbox),
    endpoints: f.sharedInbox ? { sharedInbox: new URL(f.sharedInbox) } : null,
  }));

/** Which object a share is about, and when it was shared (ISO). */
export interface ShareOf {
  generation: number;
  published: string;
}

/**
 * The share of one event by one actor: one id per actor and object (its generation), the id its outbox lists and
 * answers (outbox.ts, documents.ts); `published` says when the actor shared it.
 */
export function announceOf(ctx: Ctx, identifier: string, eventId: string, of: ShareOf): Announce {
  const { Announce, PUBLIC_COLLECTION } = vocab();
  const actor = ctx.getActorUri(identifier);
  return new Announce({
    id: new URL(`${actor.href}/envois/${generationKey(eventId, of.generation)}`),
    actor,
    object: new URL(eventObjectId(ctx.data.siteUrl, eventId, of.generation)),
    published: temporal().Temporal.Instant.from(of.published),
    to: PUBLIC_COLLECTION,
    ccs: [ctx.getFollowersUri(identifier), ctx.getActorUri('agenda')],
  });
}

function undoOf(ctx: Ctx, identifier: string, eventId: string, of: ShareOf, at: string): Undo {
  const { Undo, PUBLIC_COLLECTION } = vocab();
  const actor = ctx.getActorUri(identifier);
  return new Undo({
    id: new URL(`${actor.href}/activites/${crypto.randomUUID()}`),
    actor,
    published: temporal().Temporal.Instant.from(at),
    object: announceOf(ctx, identifier, eventId, of),
    to: PUBLIC_COLLECTION,
    ccs: [ctx.getFollowersUri(identifier)],
  });
}

/** To the actor's followers but Gancio's (it reads an Announce as a boost of its own events: publish.ts). */
async function toFollowers(ctx: Ctx, identifier: string, activity: Activity, except: string | null) {
  const followers = await recipientsOf(ctx, [identifier], 'standard', except);
  if (followers.length === 0) return;
  await ctx.sendActivity({ identifier }, recipientsFor(followers), activity, { preferSharedInbox: true });
}

/**
 * Each actor shares the object of this generation with its followers (`Announce`, now), or takes back its share of
 * it (`Undo`, the share as it was sent: `sharedAt` says when).
 */
export async function share(
  ctx: Ctx,
  eventId: string,
  actors: { announce: string[]; undo: string[] },
  of: { generation: number; at: string; sharedAt: Record<string, string>; except?: string | null },
) {
  const { generation, at } = of;
  for (const identifier of actors.undo) {
    const shared = { generation, published: of.sharedAt[identifier] ?? at };
    await toFollowers(ctx, identifier, undoOf(ctx, identifier, eventId, shared, at), of.except ?? null);
  }
  for (const identifier of actors.announce)
    await toFollowers(
      ctx,
      identifier,
      announceOf(ctx, identifier, eventId, { generation, published: at }),
      of.except ?? null,
    );
}

/** Tells these followers that the actor `from` is now `to` (a merged venue or organizer): Mastodon follows it. */
export async function sendMove(ctx: Ctx, from: string, to: string, followers: readonly Follower[]) {
  if (followers.length === 0) return;
  const { Move, PUBLIC_COLLECTION } = vocab();
  const actor = ctx.getActorUri(from);
  const move = new Move({
    id: new URL(`${actor.href}/activites/${crypto.randomUUID()}`),
    actor,
    object: actor,
    target: ctx.getActorUri(to),
    to: PUBLIC_COLLECTION,
    ccs: [ctx.getFollowersUri(from)],
  });
  await ctx.sendActivity({ identifier: from }, recipientsFor(followers), move, { preferSharedInbox: true });
}
