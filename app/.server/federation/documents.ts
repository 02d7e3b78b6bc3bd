// The documents our ids name, dereferenced (decision 102): an event object (`/federation/evenements/{id}`) and the
// Create of an actor's outbox (`/federation/acteurs/{identifier}/envois/{id}`), as AS2 JSON; once the event has
// stopped being public after it was sent, 410 Gone with a Tombstone (`formerType: Event`, `deleted`), and so does a
// former generation's id once the event is public again under a new one (records.ts); an event never sent (pending,
// refused before it was ever public) or unknown is 404, as a page would be.
import type { Context } from '@fedify/fedify';
import type { AgendaEvent } from '~/domain/event';
import { isPublicStatus } from '~/domain/event-lifecycle';
import type { FederationContext } from './actor-types';
import { AGENDA_ACTOR, actorsAnnouncing, findActor } from './actors';
import { EVENT_CONTEXT, eventActivity, eventObjectId, parseGenerationKey } from './event-object';
import { outboxActivity, type Sent, sentOf, sharedAt } from './outbox';
import { currentGeneration, publicationOf } from './records';
import { announceOf } from './shares';

export interface FederationDocument {
  status: 200 | 404 | 410;
  body: Record<string, unknown>;
}

export const AS2_TYPE = 'application/activity+json; charset=utf-8';

const notFound = (error: string): FederationDocument => ({ status: 404, body: { error } });

/**
 * The event if this generation of its object is the one public now; else a Tombstone if this generation was sent and
 * deleted since (a former generation, withdrawn), else 404. `key`: the event's id, `~2`… for a later generation.
 */
async function publicEvent(
  data: FederationContext,
  key: string,
): Promise<{ event: AgendaEvent; sent: Sent } | FederationDocument> {
  const { store, siteUrl } = data;
  const parsed = parseGenerationKey(key);
  if (!parsed) return notFound('Événement introuvable.');
  const { eventId, generation } = parsed;
  const event = await store.events.findById(eventId);
  const isPublic = !!event && isPublicStatus(event.status);
  const sent = event && isPublic ? await sentOf(data, event) : null;
  if (event && sent && generation === sent.generation) return { event, sent };
  // What was sent, read once: a former generation of a public event is told from the same record.
  const record = sent ? sent.record : await publicationOf(store.federation, eventId, data.now().toISOString());
  if (!record || generation > currentGeneration(record.value, isPublic)) return notFound('Événement introuvable.');
  const current = record.value.generation ?? 1;
  // A former generation: when its Delete was sent. The current one: when it was claimed, or, not yet sent (the answer
  // comes first), when the event last changed.
  const deleted =
    generation < current || record.value.deleted
      ? (record.value.deletedAt?.[generation - 1] ?? record.updatedAt)
      : (event?.updatedAt ?? record.updatedAt);
  return {
    status: 410,
    body: {
      '@context': EVENT_CONTEXT,
      id: eventObjectId(siteUrl, eventId, generation),
      type: 'Tombstone',
      formerType: 'Event',
      deleted,
    },
  };
}

/**
 * `/federation/evenements/{id}` (then `{id}~2`… after a Delete): the Event, attributed to the agenda (the same id for
 * every actor: decision 088).
 */
export async function eventDocument(ctx: Context<FederationContext>, key: string): Promise<FederationDocument> {
  const found = await publicEvent(ctx.data, key);
  if (!('event' in found)) return found;
  const activity = eventActivity('Create', found.event, {
    siteUrl: ctx.data.siteUrl,
    actorUri: ctx.getActorUri('agenda').href,
    followersUri: ctx.getFollowersUri('agenda').href,
    now: ctx.data.now(),
    generation: found.sent.generation,
    dates: found.sent.dates,
    activityId: eventObjectId(ctx.data.siteUrl, found.event.id, found.sent.generation),
  });
  const { object } = activity as { object: Record<string, unknown> };
  return { status: 200, body: { '@context': activity['@context'], ...object } };
}

/** `/federation/acteurs/{identifier}/envois/{id}`: the same activity as the actor's outbox lists (Create or share). */
export async function outboxActivityDocument(
  ctx: Context<FederationContext>,
  identifier: string,
  key: string,
): Promise<FederationDocument> {
  const { store, siteUrl } = ctx.data;
  if (!(await findActor({ store, siteUrl }, identifier))) return notFound('Acteur introuvable.');
  const found = await publicEvent(ctx.data, key);
  if (!('event' in found)) return found;
  const { event, sent } = found;
  if (!(await actorsAnnouncing({ store, siteUrl }, event)).includes(identifier))
    return notFound('Cet acteur n’a pas annoncé cet événement.');
  // Another actor than the agenda shares the agenda's object (decision 096).
  if (identifier !== AGENDA_ACTOR) {
    const announce = announceOf(ctx, identifier, event.id, {
      generation: sent.generation,
      published: sharedAt(sent, identifier),
    });
    return { status: 200, body: (await announce.toJsonLd()) as Record<string, unknown> };
  }
  const urls = { actorUri: ctx.getActorUri(identifier).href, followersUri: ctx.getFollowersUri(identifier).href };
  return { status: 200, body: outboxActivity(ctx.data, urls, event, sent) };
}
