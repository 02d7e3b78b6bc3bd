// A venue or an organizer merged into another (decision 096): its actor moves to the one kept, as a Mastodon account
// moves. Its followers are handed to the actor kept (its next events reach them), told by a `Move` (Mastodon follows
// the new actor for them), and its document stays, saying where it went (`movedTo`), while the actor kept names it
// among its former selves (`alsoKnownAs`: Mastodon checks it before following the move).
import type { Context } from '@fedify/fedify';
import type { FederationStore } from '../ports';
import type { FederationContext } from './actor-types';
import { flavorOf } from './event-object';
import { type Follower, followerKey, followersOf, loadBlocklist, SEP } from './records';
import { sendMove } from './shares';

export interface MovedActor {
  /** The actor kept. */
  to: string;
  /**
   * Its name now: its identifier (`lieu.<id>`), since its former name leads to the record kept (decision 096); its
   * display name and page are the record's as it was.
   */
  handle: string;
  name: string;
  pageUrl: string;
  at: string;
}

export interface ActorMove extends Omit<MovedActor, 'at'> {
  from: string;
}

const LIST_MAX = 10_000;

/** Where an actor gone went, if it moved. */
export async function movedActor(store: FederationStore, identifier: string, now: string) {
  return (await store.get<MovedActor>('moved', identifier, now))?.value ?? null;
}

/** The actors that moved into this one (its `alsoKnownAs`). */
export async function formerActors(store: FederationStore, identifier: string, now: string): Promise<string[]> {
  const aliases = await store.list<string>('alias', { prefix: `${identifier}${SEP}`, now, limit: LIST_MAX });
  return aliases.map((r) => r.value);
}

/**
 * The followers of `from` become followers of `to` (one who followed both is kept once, with its first follow);
 * answers those moved. Safe to repeat.
 */
export async function transferFollowers(
  store: FederationStore,
  from: string,
  to: string,
  now: string,
): Promise<Follower[]> {
  const moved = await followersOf(store, from, now);
  for (const follower of moved) {
    await store.putIfAbsent(
      { kind: 'follower', key: followerKey(to, follower.id), value: follower, expiresAt: null, updatedAt: now },
      now,
    );
    await store.remove('follower', followerKey(from, follower.id));
  }
  return moved;
}

/** Records the move (and re-points the actors that had moved into `from`), hands the followers over, tells them. */
export async function moveActor(ctx: Context<FederationContext>, move: ActorMove): Promise<void> {
  const { federation } = ctx.data.store;
  const now = ctx.data.now().toISOString();
  const { from, ...rest } = move;
  const put = (kind: 'moved' | 'alias', key: string, value: unknown) =>
    federation.put({ kind, key, value, expiresAt: null, updatedAt: now });
  await put('moved', from, { ...rest, at: now } satisfies MovedActor);
  await put('alias', `${move.to}${SEP}${from}`, from);
  // A record merged before into the one now gone: it moves on to the one kept (one hop for Mastodon).
  for (const earlier of await formerActors(federation, from, now)) {
    const before = await movedActor(federation, earlier, now);
    if (before) await put('moved', earlier, { ...before, to: move.to });
    await put('alias', `${move.to}${SEP}${earlier}`, earlier);
    await federation.remove('alias', `${from}${SEP}${earlier}`);
  }
  const followers = await transferFollowers(federation, from, move.to, now);
  // Gancio does not read a Move (it answers 404): its servers are handed over without being told.
  const blocklist = await loadBlocklist(federation, now);
  const told = followers.filter((f) => flavorOf(f.software) === 'standard' && !blocklist.blocks(f.id));
  await sendMove(ctx, from, move.to, told);
}
