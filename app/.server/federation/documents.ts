// The documents our ids name, dereferenced (decision 102): an event object (`/federation/evenements/{id}`) and the
// Create of an actor's outbox (`/federation/acteurs/{identifier}/envois/{id}`), as AS2 JSON; once the event has
// stopped being public after it was sent, 410 Gone with a Tombstone (`formerType: Event`, `deleted`); an event never
// sent (pending, refused before it was ever public) or unknown is 404, as a page would be.
import type { Context } from '@fedify/fedify';
import type { AgendaEvent } from '~/domain/event';
import { isPublicStatus } from '~/domain/event-lifecycle';
import { AGENDA_ACTOR, actorsAnnouncing, findActor } from './actors';
import { EVENT_CONTEXT, eventActivity, eventObjectId } from './event-object';
import type { FederationContext } from './federation';
import { outboxActivity } from './outbox';
import { announceOf } from './shares';

export interface FederationDocument {
  status: 200 | 404 | 410;
  body: Record<string, unknown>;
}

/** What the federation last told of an event (publish.ts). */
interface Published {
  deleted: boolean;
}

export const AS2_TYPE = 'application/activity+json; charset=utf-8';

const notFound = (error: string): FederationDocument => ({ status: 404, body: { error } });

/** The event if it is public; else a Tombstone if it was ever sent, else 404. */
async function publicEvent(
  data: FederationContext,
  eventId: string,
): Promise<{ event: AgendaEvent } | FederationDocument> {
  const { store, siteUrl } = data;
  const event = await store.events.findById(eventId);
  if (event && isPublicStatus(event.status)) return { event };
  const now = data.now().toISOString();
  const sent = await store.federation.get<Published>('published', eventId, now);
  if (!sent) return notFound('Événement introuvable.');
  // Deleted when the Delete was claimed; not yet sent (the answer comes first): when the event last changed.
  const deleted = sent.value.deleted ? sent.updatedAt : (event?.updatedAt ?? sent.updatedAt);
  return {
    status: 410,
    body: {
      '@context': EVENT_CONTEXT,
      id: eventObjectId(siteUrl, eventId),
      type: 'Tombstone',
      formerType: 'Event',
      deleted,
    },
  };
}

/** `/federation/evenements/{id}`: the Event, attributed to the agenda (the same id for every actor: decision 088). */
export async function eventDocument(ctx: Context<FederationContext>, eventId: string): Promise<FederationDocument> {
  const found = await publicEvent(ctx.data, eventId);
  if (!('event' in found)) return found;
  const activity = eventActivity('Create', found.event, {
    siteUrl: ctx.data.siteUrl,
    actorUri: ctx.getActorUri('agenda').href,
    followersUri: ctx.getFollowersUri('agenda').href,
    now: ctx.data.now(),
    activityId: eventObjectId(ctx.data.siteUrl, eventId),
  });
  const { object } = activity as { object: Record<string, unknown> };
  return { status: 200, body: { '@context': activity['@context'], ...object } };
}

/** `/federation/acteurs/{identifier}/envois/{id}`: the same activity as the actor's outbox lists (Create or share). */
export async function outboxActivityDocument(
  ctx: Context<FederationContext>,
  identifier: string,
  eventId: string,
): Promise<FederationDocument> {
  const { store, siteUrl } = ctx.data;
  if (!(await findActor({ store, siteUrl }, identifier))) return notFound('Acteur introuvable.');
  const found = await publicEvent(ctx.data, eventId);
  if (!('event' in found)) return found;
  if (!(await actorsAnnouncing({ store, siteUrl }, found.event)).includes(identifier))
    return notFound('Cet acteur n’a pas annoncé cet événement.');
  // Another actor than the agenda shares the agenda's object (decision 096).
  if (identifier !== AGENDA_ACTOR)
    return { status: 200, body: (await announceOf(ctx, identifier, eventId).toJsonLd()) as Record<string, unknown> };
  const urls = { actorUri: ctx.getActorUri(identifier).href, followersUri: ctx.getFollowersUri(identifier).href };
  return { status: 200, body: outboxActivity(ctx.data, urls, found.event) };
}
