// What a Gancio server is sent (decision 096, checked against Gancio 1.21 in issue 48). Gancio takes an event only as a
// `Create` from an actor it follows (an `Announce` is a boost of its own events to it), keeps the first copy of an
// object id, and takes its `Update` and `Delete` only from the actor that brought it (from another, it fails).
// So each Gancio server holds each of our objects from one actor, remembered here (kind `gancio-copy`): the first one
// it follows that speaks of the event, or the one whose outbox it read when it followed it (its Gancio form: `Create`s,
// never an event that came from that server).
import type { Context, RequestContext } from '@fedify/fedify';
import type { FederationContext } from './actor-types';
import type { EventActivityType } from './event-object';
import { knownSoftware, originOf, softwareOf } from './peers';
import { type Follower, SEP } from './records';
import { recipientsOf } from './shares';

/** Which of our actors brought one of our objects (its generation) to one Gancio server. */
export interface GancioCopy {
  actor: string;
  generation: number;
}

const copyKey = (origin: string, eventId: string) => `${origin}${SEP}${eventId}`;

export async function keepCopy(
  ctx: Context<FederationContext>,
  origin: string,
  eventId: string,
  copy: GancioCopy,
  ifAbsent = false,
) {
  const at = ctx.data.now().toISOString();
  const record = {
    kind: 'gancio-copy' as const,
    key: copyKey(origin, eventId),
    value: copy,
    expiresAt: null,
    updatedAt: at,
  };
  if (!ifAbsent) return void (await ctx.data.store.federation.put(record));
  const kept = await ctx.data.store.federation.putIfAbsent<GancioCopy>(record, at);
  // A copy of a former generation (withdrawn since) is no copy of this one.
  if (kept.value.generation !== copy.generation) await ctx.data.store.federation.put(record);
}

/** One delivery to one Gancio server: who sends what to which of its accounts. */
export interface GancioDelivery {
  origin: string;
  identifier: string;
  type: EventActivityType;
  followers: Follower[];
}

/**
 * What each Gancio server among the followers of `concerned` (in their order: the agenda, the category, the venue, the
 * organizer) is sent about this event: its `Update` or `Delete` from the actor that brought it its copy; a `Create`
 * from the first actor it follows when it has none (and that actor is remembered).
 */
export async function gancioDeliveries(
  ctx: Context<FederationContext>,
  input: { type: EventActivityType; eventId: string; generation: number; concerned: string[]; except: string | null },
): Promise<GancioDelivery[]> {
  const now = ctx.data.now().toISOString();
  const servers = new Map<string, Map<string, Follower[]>>();
  for (const identifier of input.concerned) {
    for (const f of await recipientsOf(ctx, [identifier], 'gancio', input.except)) {
      const origin = originOf(f.id);
      if (!origin) continue;
      const actors = servers.get(origin) ?? new Map<string, Follower[]>();
      actors.set(identifier, [...(actors.get(identifier) ?? []), f]);
      servers.set(origin, actors);
    }
  }
  const deliveries: GancioDelivery[] = [];
  for (const [origin, actors] of servers) {
    const key = copyKey(origin, input.eventId);
    const copy = (await ctx.data.store.federation.get<GancioCopy>('gancio-copy', key, now))?.value;
    const held = copy && copy.generation === input.generation ? copy : null;
    const [first, firstFollowers] = [...actors.entries()][0];
    if (input.type === 'Delete') {
      // Gancio checks that the sender is followed, not that this account follows it: any of its accounts will do.
      const identifier = held?.actor ?? first;
      deliveries.push({ origin, identifier, type: 'Delete', followers: actors.get(identifier) ?? firstFollowers });
      await ctx.data.store.federation.remove('gancio-copy', key);
    } else if (held) {
      // No longer following the actor that brought it: any other would be refused.
      const followers = actors.get(held.actor);
      if (followers) deliveries.push({ origin, identifier: held.actor, type: 'Update', followers });
    } else {
      deliveries.push({ origin, identifier: first, type: 'Create', followers: firstFollowers });
      await keepCopy(ctx, origin, input.eventId, { actor: first, generation: input.generation });
    }
  }
  return deliveries;
}

/**
 * The Gancio server that asks for an outbox, if the request is signed by one of its keys (checked) and its NodeInfo
 * says Gancio (asked once, then kept: peers.ts); null for anyone else.
 */
export async function gancioReader(ctx: RequestContext<FederationContext>): Promise<string | null> {
  const keyId = /keyId="([^"]+)"/.exec(ctx.request.headers.get('signature') ?? '')?.[1];
  const origin = originOf(keyId);
  if (!origin) return null;
  const known = await knownSoftware(ctx, origin);
  if (known?.name && known.name !== 'gancio') return null;
  const key = await ctx.getSignedKey().catch(() => null);
  if (!key?.id || originOf(key.id) !== origin) return null;
  const name = known?.name ?? (await softwareOf(ctx, origin));
  return name === 'gancio' ? origin : null;
}
