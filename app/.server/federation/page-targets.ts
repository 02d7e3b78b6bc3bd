// What a public page is in ActivityPub (decision 102): the home is the agenda's actor, an event's page its object, a
// venue's or an organizer's page its actor (a former slug: the kept record's). A client that asks a page for
// `application/activity+json` is sent there (http/activity-negotiation.ts); the page's HTML names it too (<link
// rel="alternate">). Null: nothing federated stands behind this page (unknown, not public, never sent).
import { type EventFilters, hasActiveFilters } from '~/domain/event-filters';
import { isPublicStatus } from '~/domain/event-lifecycle';
import type { Config } from '../platform/config';
import type { Store } from '../ports';
import { AGENDA_ACTOR, siteHandle } from './actor-types';
import { findActor } from './actors';
import { eventObjectId, parseGenerationKey } from './event-object';
import { PLACE_PREFIX } from './place-actors';
import { currentGeneration, publicationOf } from './records';

/** The generation of a public event's object now (a new one after a Delete: records.ts). */
async function publicGeneration(store: Store, eventId: string) {
  return currentGeneration((await publicationOf(store.federation, eventId, new Date().toISOString()))?.value, true);
}

/**
 * The path of a public event's object now, for its page's <link rel="alternate">; null when the federation is off
 * (the default install: no read of its records on every event page).
 */
export async function eventObjectPathNow(
  { store, config }: { store: Store; config: Pick<Config, 'FEDERATION'> },
  eventId: string,
): Promise<string | null> {
  if (!config.FEDERATION) return null;
  // The object's id without the site's origin: its path.
  return eventObjectId('', eventId, await publicGeneration(store, eventId));
}

/** The paths whose page has an ActivityPub twin, and the kind of page. */
export const NEGOTIATED_PAGE = /^\/(?:(evenement|lieux|organisateurs)\/([^/]+))?\/?$/;

export const actorUrl = (siteUrl: string, identifier: string) =>
  `${siteUrl}/federation/acteurs/${encodeURIComponent(identifier)}`;

export async function activityPubTarget(store: Store, siteUrl: string, path: string): Promise<string | null> {
  const match = NEGOTIATED_PAGE.exec(path);
  if (!match) return null;
  const [, kind, raw] = match;
  if (!kind) return actorUrl(siteUrl, AGENDA_ACTOR);
  let key: string;
  try {
    key = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (kind === 'evenement') {
    const event = await store.events.findById(key);
    if (event && isPublicStatus(event.status))
      return eventObjectId(siteUrl, event.id, await publicGeneration(store, event.id));
    // Sent once and withdrawn since: its last object answers 410 with a Tombstone.
    const sent = await publicationOf(store.federation, key, new Date().toISOString());
    return sent ? eventObjectId(siteUrl, key, sent.value.generation ?? 1) : null;
  }
  const records = kind === 'lieux' ? store.venues : store.organizers;
  const found = await records.findBySlug(key);
  if (found?.record.status !== 'approved') return null;
  return actorUrl(siteUrl, `${PLACE_PREFIX[kind === 'lieux' ? 'venue' : 'organizer']}.${found.record.id}`);
}

/** The ActivityPub paths a person may open in a browser: an actor (and its collections), an object, a sent activity. */
const FEDERATED_DOCUMENT =
  /^\/federation\/(?:acteurs\/([^/]+)(?:\/(?:abonnes|envois)(?:\/([^/]+))?)?|evenements\/([^/]+))\/?$/;

/**
 * The other way (issue 37): the web page of an actor's or an object's address, for a browser that opens it (a link
 * followed from a Mastodon post, an id pasted in the address bar). Null: not such an address, or nothing behind it.
 */
export async function webPageOf(ctx: { store: Store; siteUrl: string }, path: string): Promise<string | null> {
  const match = FEDERATED_DOCUMENT.exec(path);
  if (!match) return null;
  let actor: string | undefined;
  let object: string | undefined;
  try {
    actor = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
    const key = match[2] ?? match[3];
    object = key === undefined ? undefined : decodeURIComponent(key);
  } catch {
    return null;
  }
  // An event's object or the activity that sent it: the event's page (which says itself if it was withdrawn).
  if (object !== undefined) {
    const parsed = parseGenerationKey(object);
    return parsed ? `${ctx.siteUrl}/evenement/${encodeURIComponent(parsed.eventId)}` : null;
  }
  return actor === undefined ? null : ((await findActor(ctx, actor))?.pageUrl ?? null);
}

/**
 * The account that follows a list's selection on Mastodon, for the list to name it: the agenda's for the whole list,
 * a category's for that category alone; null for any other selection (no account has exactly those events), or when
 * the federation is off.
 */
export function selectionHandle(config: Pick<Config, 'FEDERATION' | 'SITE_URL'>, filters: EventFilters): string | null {
  if (!config.FEDERATION || hasActiveFilters({ ...filters, category: '' })) return null;
  return siteHandle(config.SITE_URL, filters.category || AGENDA_ACTOR);
}
