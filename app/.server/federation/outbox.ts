// An actor's outbox (decision 096, paged by decision 102): its upcoming public events, each as the Create that
// published it (the agenda's) or as the actor's share of it (the others'), newest first — an OrderedCollection with its count and a first page, pages of OUTBOX_PAGE linked by
// `next`/`prev` (Fedify's cursors: the offset). Each Create says when the event became public (`published`, the same
// at every read) and its id answers with the same activity (documents.ts).
import type { Federation, RequestContext } from '@fedify/fedify';
import type { AgendaEvent } from '~/domain/event';
import { publishedAt } from '~/domain/event-visibility';
import { cachedRead, publicQuery } from '../events/public';
import type { FederationContext } from './actor-types';
import { AGENDA_ACTOR, findActor } from './actors';
import { importedFrom } from './echo';
import { eventActivity, generationKey } from './event-object';
import { gancioReader, keepCopy } from './gancio';
import { rawActivity } from './publish';
import { currentGeneration, objectDates, type Published, publicationOf } from './records';
import { announceOf } from './shares';

export const OUTBOX_PAGE = 20;
/** The upcoming events an outbox lists at most (the newest published): a bounded read. */
export const OUTBOX_MAX = 2000;

/** The id of the Create (or share) of this event's object in this actor's outbox: it dereferences (documents.ts). */
export const outboxActivityId = (actorUri: string, eventId: string, generation = 1) =>
  `${actorUri}/envois/${generationKey(eventId, generation)}`;

/** What an outbox or a document says of one public event: its object's generation and dates, from what was sent. */
export interface Sent {
  record: { value: Published; updatedAt: string } | null;
  generation: number;
  dates: { published: string; updated?: string };
}

export async function sentOf(data: FederationContext, event: AgendaEvent): Promise<Sent> {
  const record = await publicationOf(data.store.federation, event.id, data.now().toISOString());
  return {
    record,
    generation: currentGeneration(record?.value, true),
    dates: objectDates(record, publishedAt(event)),
  };
}

/** When this actor shared the object (its Announce's `published`): recorded at its send, else the object's. */
export const sharedAt = (sent: Sent, identifier: string) =>
  (!sent.record?.value.deleted && sent.record?.value.sharedAt?.[identifier]) || sent.dates.published;

/** The actor's upcoming public events, newest published first, or null when there is no such actor. */
export async function outboxEvents(data: FederationContext, identifier: string): Promise<AgendaEvent[] | null> {
  const { store, siteUrl } = data;
  const actor = await findActor({ store, siteUrl }, identifier);
  if (!actor) return null;
  return cachedRead(store, `federation-outbox:${identifier}`, async () => {
    const { items } = await store.events.search({
      ...(await publicQuery({ store }, actor.events, data.now())),
      oneRowPerEvent: true,
      limit: OUTBOX_MAX,
      offset: 0,
    });
    // Newest first by creation, a key no edit or new approval changes: an item does not jump to the top.
    return [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id, 'en'));
  });
}

/** The Create of one of our events as this actor's outbox holds it. */
export function outboxActivity(
  data: FederationContext,
  urls: { actorUri: string; followersUri: string },
  event: AgendaEvent,
  sent: Sent,
): Record<string, unknown> {
  return eventActivity('Create', event, {
    siteUrl: data.siteUrl,
    ...urls,
    now: data.now(),
    generation: sent.generation,
    dates: sent.dates,
    // The Create happened when its object was first sent: the same at every read, whatever changed since.
    published: sent.dates.published,
    activityId: outboxActivityId(urls.actorUri, event.id, sent.generation),
  });
}

const cursorOf = (offset: number) => String(offset);
const cursors = (offset: number, events: unknown[]) => ({
  nextCursor: offset + OUTBOX_PAGE < events.length ? cursorOf(offset + OUTBOX_PAGE) : null,
  prevCursor: offset > 0 ? cursorOf(Math.max(0, offset - OUTBOX_PAGE)) : null,
});

/**
 * A page as a Gancio server takes it: each event as a Create from this actor (the agenda's object), none that came
 * from that server (echo.ts); on the first page, the one it imports, this actor is remembered as the one that brought
 * each copy (gancio.ts).
 */
async function gancioPage(
  ctx: RequestContext<FederationContext>,
  identifier: string,
  page: AgendaEvent[],
  origin: string,
  imported: boolean,
) {
  const at = ctx.data.now().toISOString();
  const urls = { actorUri: ctx.getActorUri(identifier).href, followersUri: ctx.getFollowersUri(identifier).href };
  const items = [];
  for (const event of page) {
    if ((await importedFrom(ctx.data.store.federation, event.id, at)) === origin) continue;
    const sent = await sentOf(ctx.data, event);
    const json = eventActivity('Create', event, {
      siteUrl: ctx.data.siteUrl,
      ...urls,
      authorUri: ctx.getActorUri(AGENDA_ACTOR).href,
      flavor: 'gancio',
      now: ctx.data.now(),
      generation: sent.generation,
      dates: sent.dates,
      published: sent.dates.published,
      activityId: `${outboxActivityId(urls.actorUri, event.id, sent.generation)}#gancio`,
    });
    items.push(await rawActivity(json));
    if (imported) await keepCopy(ctx, origin, event.id, { actor: identifier, generation: sent.generation }, true);
  }
  return { items };
}

export function setOutbox(federation: Federation<FederationContext>, path: `${string}{identifier}${string}`) {
  federation
    .setOutboxDispatcher(path, async (ctx, identifier, cursor) => {
      const events = await outboxEvents(ctx.data, identifier);
      if (!events) return null;
      // Only the pages are asked for (the collection itself has a first page): a cursor is an offset.
      // Only the digits of an offset this collection gave: `1e3` or `20abc` is no page of it.
      const offset = cursor === null ? 0 : /^\d{1,9}$/.test(cursor) ? Number(cursor) : -1;
      if (!Number.isSafeInteger(offset) || offset < 0 || offset > events.length) return null;
      const urls = {
        actorUri: ctx.getActorUri(identifier).href,
        followersUri: ctx.getFollowersUri(identifier).href,
      };
      const page = events.slice(offset, offset + OUTBOX_PAGE);
      // A Gancio server reads the first page when it follows the actor, and takes only Creates (gancio.ts).
      const gancio = await gancioReader(ctx);
      if (gancio)
        return { ...(await gancioPage(ctx, identifier, page, gancio, offset === 0)), ...cursors(offset, events) };
      return {
        // The agenda's Creates; the other actors' shares of the agenda's objects (decision 096).
        items: await Promise.all(
          page.map(async (event) => {
            const sent = await sentOf(ctx.data, event);
            return identifier === AGENDA_ACTOR
              ? rawActivity(outboxActivity(ctx.data, urls, event, sent))
              : announceOf(ctx, identifier, event.id, {
                  generation: sent.generation,
                  published: sharedAt(sent, identifier),
                });
          }),
        ),
        ...cursors(offset, events),
      };
    })
    // An unknown actor has no first page: the dispatcher then answers 404.
    .setFirstCursor(async (ctx, identifier) => ((await outboxEvents(ctx.data, identifier)) ? cursorOf(0) : null))
    .setLastCursor(async (ctx, identifier) => {
      const events = await outboxEvents(ctx.data, identifier);
      return events ? cursorOf(Math.max(0, Math.ceil(events.length / OUTBOX_PAGE) - 1) * OUTBOX_PAGE) : null;
    })
    .setCounter(async (ctx, identifier) => (await outboxEvents(ctx.data, identifier))?.length ?? null);
}
