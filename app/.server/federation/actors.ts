// The site's ActivityPub actors (decisions 087, 096), pluggable: each kind of actor is a provider that finds one by
// its identifier (fixed: its URL, its followers, its keys) or by its handle (`@agenda@host`, `@musique@host`,
// `@salle-du-bourg@host`), lists them and names the actors that announce an event. The agenda, each active category,
// each approved venue and organizer. One namespace of handles: the first provider to claim a handle wins (the agenda,
// then the categories, the venues, the organizers), a current slug before a former one (decision 096).
import type { AgendaEvent } from '~/domain/event';
import { SITE_NAME, SITE_TAGLINE } from '~/domain/site';
import { type ActorContext, type ActorProfile, type ActorProvider, AGENDA_ACTOR, SITE_ICON } from './actor-types';
import { organizerActors, venueActors } from './place-actors';

export type { ActorContext, ActorProfile, ActorProvider } from './actor-types';
export { AGENDA_ACTOR } from './actor-types';

const agendaProfile = ({ siteUrl }: ActorContext): ActorProfile => ({
  identifier: AGENDA_ACTOR,
  handle: AGENDA_ACTOR,
  kind: 'agenda',
  name: SITE_NAME,
  summary: `${SITE_NAME}, ${SITE_TAGLINE}\u00a0: chaque événement publié après relecture.`,
  pageUrl: `${siteUrl}/`,
  iconUrl: `${siteUrl}${SITE_ICON}`,
  iconType: 'image/png',
  events: {},
});

export const agendaActors: ActorProvider = {
  kind: 'agenda',
  async find(ctx, identifier) {
    return identifier === AGENDA_ACTOR ? agendaProfile(ctx) : null;
  },
  async byHandle(_ctx, handle) {
    return handle === AGENDA_ACTOR ? AGENDA_ACTOR : null;
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
      handle: category.slug,
      kind: 'category',
      name: `${category.label} · ${SITE_NAME}`,
      summary: category.description || `Les événements «\u00a0${category.label}\u00a0» d’${SITE_NAME}.`,
      pageUrl: `${ctx.siteUrl}/evenements?category=${encodeURIComponent(category.slug)}`,
      iconUrl: `${ctx.siteUrl}${SITE_ICON}`,
      iconType: 'image/png',
      events: { category: category.slug },
    };
  },
  async byHandle(ctx, handle) {
    return (await categoryActors.find(ctx, handle))?.identifier ?? null;
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

/** Every kind of actor, in the order they claim a handle (decision 096). */
export const ACTOR_PROVIDERS: readonly ActorProvider[] = [agendaActors, categoryActors, venueActors, organizerActors];

export async function findActor(ctx: ActorContext, identifier: string): Promise<ActorProfile | null> {
  for (const provider of ACTOR_PROVIDERS) {
    const found = await provider.find(ctx, identifier);
    if (found) return found;
  }
  return null;
}

/** The identifier of the actor a handle names (WebFinger): a current handle first, then a former slug. */
export async function actorByHandle(ctx: ActorContext, typed: string): Promise<string | null> {
  // Slugs are lower case; a person may type `@Salle-du-Bourg`.
  const handle = typed.toLowerCase();
  for (const provider of ACTOR_PROVIDERS) {
    const found = await provider.byHandle(ctx, handle);
    if (found) return found;
  }
  for (const provider of ACTOR_PROVIDERS) {
    const found = await provider.byFormerHandle?.(ctx, handle);
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
