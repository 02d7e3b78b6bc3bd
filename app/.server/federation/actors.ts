// The site's ActivityPub actors (decision 087), pluggable: each kind of actor is a provider that finds one by its
// identifier (its handle, `@agenda@host`, `@musique@host`), lists them and names the actors that announce an event.
// The agenda and each category today; venues and organizers join by adding their provider to ACTOR_PROVIDERS.
import type { AgendaEvent } from '~/domain/event';
import { SITE_NAME, SITE_TAGLINE } from '~/domain/site';
import type { Store } from '../ports';

export interface ActorProfile {
  /** The handle's user part and the actor's path segment. */
  identifier: string;
  kind: string;
  name: string;
  summary: string;
  /** The page a person opens for this actor (absolute). */
  pageUrl: string;
  /** A square image (absolute), or null. */
  iconUrl: string | null;
}

export interface ActorContext {
  store: Store;
  siteUrl: string;
}

export interface ActorProvider {
  kind: string;
  find(ctx: ActorContext, identifier: string): Promise<ActorProfile | null>;
  list(ctx: ActorContext): Promise<ActorProfile[]>;
  /** The identifiers of this provider's actors whose followers hear about this event. */
  announcing(ctx: ActorContext, event: AgendaEvent): Promise<string[]>;
}

/** The handle of the agenda itself. */
export const AGENDA_ACTOR = 'agenda';

const agendaProfile = ({ siteUrl }: ActorContext): ActorProfile => ({
  identifier: AGENDA_ACTOR,
  kind: 'agenda',
  name: SITE_NAME,
  summary: `${SITE_NAME}, ${SITE_TAGLINE} : chaque événement publié après relecture.`,
  pageUrl: `${siteUrl}/`,
  iconUrl: `${siteUrl}/icons/icon-512.png`,
});

export const agendaActors: ActorProvider = {
  kind: 'agenda',
  async find(ctx, identifier) {
    return identifier === AGENDA_ACTOR ? agendaProfile(ctx) : null;
  },
  async list(ctx) {
    return [agendaProfile(ctx)];
  },
  async announcing() {
    return [AGENDA_ACTOR];
  },
};

export const categoryActors: ActorProvider = {
  kind: 'category',
  async find(ctx, identifier) {
    if (identifier === AGENDA_ACTOR) return null;
    const category = await ctx.store.categories.findBySlug(identifier);
    if (!category?.active) return null;
    return {
      identifier: category.slug,
      kind: 'category',
      name: `${category.label} · ${SITE_NAME}`,
      summary: category.description || `Les événements « ${category.label} » d’${SITE_NAME}.`,
      pageUrl: `${ctx.siteUrl}/evenements?category=${encodeURIComponent(category.slug)}`,
      iconUrl: `${ctx.siteUrl}/icons/icon-512.png`,
    };
  },
  async list(ctx) {
    const categories = await ctx.store.categories.list();
    const found = await Promise.all(categories.map((c) => categoryActors.find(ctx, c.slug)));
    return found.filter((a): a is ActorProfile => a !== null);
  },
  async announcing(ctx, event) {
    return (await categoryActors.find(ctx, event.category)) ? [event.category] : [];
  },
};

/** Every kind of actor, the first to claim an identifier wins (the agenda before a category of the same name). */
export const ACTOR_PROVIDERS: readonly ActorProvider[] = [agendaActors, categoryActors];

export async function findActor(ctx: ActorContext, identifier: string): Promise<ActorProfile | null> {
  for (const provider of ACTOR_PROVIDERS) {
    const found = await provider.find(ctx, identifier);
    if (found) return found;
  }
  return null;
}

export async function listActors(ctx: ActorContext): Promise<ActorProfile[]> {
  return (await Promise.all(ACTOR_PROVIDERS.map((p) => p.list(ctx)))).flat();
}

/** The actors whose followers hear about this event, without repeats. */
export async function actorsAnnouncing(ctx: ActorContext, event: AgendaEvent): Promise<string[]> {
  return [...new Set((await Promise.all(ACTOR_PROVIDERS.map((p) => p.announcing(ctx, event)))).flat())];
}
