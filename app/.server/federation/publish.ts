// Outgoing (decision 088): what the followers of the agenda, of the event's category, venue and organizer (decision 096)
// are told about one of our events, decided from what the store holds now and what was last sent:
// Create when it becomes public, Update when its public content or its cancelled dates change, Delete when it stops
// being public (withdrawn, refused, deleted). A pending event, or a pending revision, is never sent: only the content
// an admin approved. The object is the agenda's: the agenda sends it, the other actors share it (shares.ts, decision
// 096); blocked domains hear nothing.

import { createHash } from 'node:crypto';
import type { Context } from '@fedify/fedify';
import type { Activity } from '@fedify/vocab';
import type { DayStatus } from '~/domain/day-status';
import { contentOf } from '~/domain/event';
import { isPublicStatus } from '~/domain/event-lifecycle';
import type { FederationContext } from './actor-types';
import { AGENDA_ACTOR, actorsAnnouncing } from './actors';
import { importedFrom } from './echo';
import { type EventActivityType, eventActivity, type PayloadFlavor, shownDate } from './event-object';
import { vocab } from './fedify';
import { gancioDeliveries } from './gancio';
import { type Follower, objectDates, type Published } from './records';
import { recipientsFor, recipientsOf, share } from './shares';

/** An activity whose JSON is ours, sent as it is (Fedify's own vocabulary would drop the Mobilizon extensions). */
export async function rawActivity(json: Record<string, unknown>): Promise<Activity> {
  const activity = await vocab()[json.type as EventActivityType].fromJsonLd(json);
  activity.toJsonLd = async () => json;
  return activity;
}

export function publicFingerprint(
  event: Parameters<typeof contentOf>[0] & { status: string; cancelledDates?: string[]; dayStatuses?: DayStatus[] },
  shownStart: string | null = null,
) {
  // The records an event points to are not what followers see (its place and organizer are, as text).
  const { image, venueId: _venue, organizerId: _organizer, performers, ...content } = contentOf(event);
  return createHash('sha256')
    .update(
      JSON.stringify({
        content,
        image: image?.path ?? null,
        status: event.status,
        cancelled: event.cancelledDates ?? [],
        // « Ça a lieu ? » (issue 51): a status said is news (an Update); absent when none, so that the fingerprints of
        // the events without one stay what they were.
        ...(event.dayStatuses?.length ? { day: event.dayStatuses } : {}),
        // « Artistes, intervenants » (issue 52): likewise absent when none, so no event is sent again for having none.
        ...(performers?.length ? { performers } : {}),
        // A series shows its next date: once a date passes, the next one is news (an Update).
        ...(shownStart ? { shown: shownStart } : {}),
      }),
    )
    .digest('base64url')
    .slice(0, 22);
}

/** Tells the followers what changed about this event since last time, if anything. Safe to call twice. */
export async function publishEvent(
  ctx: Context<FederationContext>,
  eventId: string,
  attempt = 1,
): Promise<EventActivityType | null> {
  const { store, siteUrl } = ctx.data;
  const now = ctx.data.now();
  const at = now.toISOString();
  const event = await store.events.findById(eventId);
  const current = await store.federation.get<Published>('published', eventId, at);
  const sent = current?.value;
  const isPublic = !!event && isPublicStatus(event.status);
  let type: EventActivityType;
  let next: Published;
  if (event && isPublic) {
    const shown = event.schedule ? shownDate(event, now) : null;
    const fingerprint = publicFingerprint(event, shown?.startsAt ?? null);
    // Until the date shown ends; past the last one, nothing more to tell.
    const shownUntil =
      shown && Date.parse(shown.endsAt) > now.getTime() ? new Date(shown.endsAt).toISOString() : undefined;
    if (sent && !sent.deleted && sent.fingerprint === fingerprint) return null;
    type = sent && !sent.deleted ? 'Update' : 'Create';
    const actors = await actorsAnnouncing({ store, siteUrl }, event);
    const reached = type === 'Update' ? [...(sent?.reached ?? sent?.actors ?? []), ...actors] : actors;
    const sharedAt = Object.fromEntries(
      actors.map((a) => [a, (type === 'Update' && sent?.sharedAt?.[a]) || at] as const),
    );
    next =
      type === 'Update' && sent && current
        ? // The same object: its first send stays its `published` (a record from before: its last send).
          {
            ...sent,
            publishedAt: sent.publishedAt ?? current.updatedAt,
            fingerprint,
            actors,
            reached: [...new Set(reached)],
            sharedAt,
            changedAt: at,
            shownUntil,
          }
        : {
            fingerprint,
            actors,
            reached: [...new Set(reached)],
            deleted: false,
            // After a Delete, a new object: the servers that heard the Delete keep the former id's Tombstone.
            generation: sent ? (sent.generation ?? 1) + 1 : 1,
            publishedAt: at,
            sharedAt,
            shownUntil,
            ...(sent?.deletedAt ? { deletedAt: sent.deletedAt } : {}),
          };
  } else {
    if (!sent || sent.deleted) return null;
    type = 'Delete';
    const deletedAt = [...(sent.deletedAt ?? [])];
    deletedAt[(sent.generation ?? 1) - 1] = at;
    next = { ...sent, deleted: true, deletedAt };
  }
  const generation = next.generation ?? 1;
  // The object's dates as its documents and outbox will read them from this record (records.ts).
  const dates = objectDates({ value: next, updatedAt: at }, at);
  // Claimed by this call only: two writers in a row send one activity each, never the same one twice.
  const claimed = await store.federation.compareAndSet(
    { kind: 'published', key: eventId, value: next, expiresAt: null, updatedAt: at },
    sent,
    at,
  );
  if (!claimed) {
    // Another writer sent meanwhile: decide again from what it sent (a few times at most, then the next write will).
    if (attempt >= 5) throw new Error(`Publication de ${eventId} disputée : reprise à la prochaine écriture.`);
    return publishEvent(ctx, eventId, attempt + 1);
  }
  // Only the agenda creates, changes and deletes the object. Its Create goes to its own followers; an Update or a
  // Delete to every server that may hold the object, shared by an actor that speaks of it now or did before.
  const before = sent && !sent.deleted ? sent.actors : [];
  const concerned = [...new Set([AGENDA_ACTOR, ...next.actors, ...(next.reached ?? []), ...before])];
  const agendaUri = ctx.getActorUri(AGENDA_ACTOR).href;
  // An event taken from another server never goes back there (echo.ts).
  const except = await importedFrom(store.federation, eventId, at);
  const send = async (identifier: string, recipients: Follower[], flavor: PayloadFlavor, kind = type) => {
    if (recipients.length === 0) return;
    const actorUri = ctx.getActorUri(identifier).href;
    const json = eventActivity(kind, event ?? ({ id: eventId } as never), {
      siteUrl,
      actorUri,
      authorUri: agendaUri,
      followersUri: ctx.getFollowersUri(identifier).href,
      now,
      flavor,
      generation,
      dates,
      // A Create happened when its object was first sent; an Update, a Delete now.
      published: kind === 'Create' ? dates.published : at,
      activityId: `${actorUri}/activites/${crypto.randomUUID()}`,
    });
    await ctx.sendActivity({ identifier }, recipientsFor(recipients), await rawActivity(json), {
      preferSharedInbox: true,
    });
  };
  const standard = await recipientsOf(ctx, type === 'Create' ? [AGENDA_ACTOR] : concerned, 'standard', except);
  await send(AGENDA_ACTOR, standard, 'standard');
  // Gancio takes an event only as a Create from an actor it follows, its changes only from that actor (gancio.ts).
  for (const d of await gancioDeliveries(ctx, { type, eventId, generation, concerned, except }))
    await send(d.identifier, d.followers, 'gancio', d.type);
  // The other actors share it with their followers, and take their share back when it is no longer theirs to share.
  const sharing = type === 'Delete' ? [] : next.actors.filter((a) => a !== AGENDA_ACTOR);
  await share(
    ctx,
    eventId,
    {
      undo: before.filter((a) => a !== AGENDA_ACTOR && !sharing.includes(a)),
      announce: sharing.filter((a) => !before.includes(a)),
    },
    { generation, at, sharedAt: sent?.sharedAt ?? {}, except },
  );
  return type;
}

/**
 * The series whose date shown has ended (the job `federation`, hourly): each is sent again at its next date (an
 * Update), so that a peer that shows one date (Gancio) always shows the next one, for as long as the series runs.
 */
export async function refreshSeries(ctx: Context<FederationContext>): Promise<number> {
  const now = ctx.data.now().toISOString();
  const records = await ctx.data.store.federation.list<Published>('published', { now, limit: 10_000 });
  let sent = 0;
  for (const { key, value } of records) {
    if (value.deleted || !value.shownUntil || value.shownUntil > now) continue;
    if ((await publishEvent(ctx, key)) === 'Update') sent++;
  }
  return sent;
}
