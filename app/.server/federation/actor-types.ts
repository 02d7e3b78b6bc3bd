// What an ActivityPub actor of the site is (decisions 087, 096), shared by the providers of actors.ts and
// place-actors.ts.
import type { AgendaEvent } from '~/domain/event';
import type { EventFilters } from '~/domain/event-filters';
import type { Store } from '../ports';

export interface ActorProfile {
  /** The actor's path segment and the key of its followers and keys: fixed for the actor's life. */
  identifier: string;
  /** The handle's user part (`salle-du-bourg` in `@salle-du-bourg@hôte`), its `preferredUsername`. */
  handle: string;
  kind: string;
  name: string;
  summary: string;
  /** The page a person opens for this actor (absolute). */
  pageUrl: string;
  /** A square image (absolute), or null. */
  iconUrl: string | null;
  iconType: string;
  /** The list's filter on this actor's events (its outbox: its upcoming public events). */
  events: Partial<EventFilters>;
}

export interface ActorContext {
  store: Store;
  siteUrl: string;
}

/** What the federation's handlers and its use cases are given: the store, the site, the clock. */
export interface FederationContext extends ActorContext {
  now: () => Date;
  /** Test mode: this machine's addresses may be read (a peer's NodeInfo on 127.0.0.1: peers.ts). */
  allowPrivate?: boolean;
}

export interface ActorProvider {
  kind: string;
  find(ctx: ActorContext, identifier: string): Promise<ActorProfile | null>;
  /** The identifier of this provider's actor that goes by this handle now, or null. */
  byHandle(ctx: ActorContext, handle: string): Promise<string | null>;
  /** The identifier of the actor that went by this handle before (a renamed or merged record), or null. */
  byFormerHandle?(ctx: ActorContext, handle: string): Promise<string | null>;
  list(ctx: ActorContext): Promise<ActorProfile[]>;
  /** The identifiers of this provider's actors whose followers hear about this event. */
  announcing(ctx: ActorContext, event: AgendaEvent): Promise<string[]>;
}

/** The handle (and identifier) of the agenda itself. */
export const AGENDA_ACTOR = 'agenda';

/** One of the site's handles as people type it on Mastodon: `@salle-du-bourg@agenda-romand.ch` (its port, if any). */
export const siteHandle = (siteUrl: string, user: string) => `@${user}@${new URL(siteUrl).host}`;

/** The site's icon, the picture of an actor without one of its own. */
export const SITE_ICON = '/icons/icon-512.png';
