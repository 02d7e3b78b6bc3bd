// The feeds of a list selection (/evenements.ics, /evenements.rss): the same events, words and answer for both.
import { SITE_TAGLINE } from '~/domain/site';
import { cachedPlaceScope } from '../events/public';
import type { Store } from '../ports';
import { type RegistrationsOf, registrationsOf } from '../registrations/registrations';
import { feedTitle } from './feeds';
import { eventsForFeed, type FeedSelection } from './queries';

export interface SelectionFeed extends FeedSelection {
  /** Names the selection (« Musique · Vaud »…). */
  title: string;
  /** What the feed holds, or the refusal of its search text or of its venue or organizer. */
  description: string;
  /** A `?lieu=` or `?organisateur=` that no public record answers to (issue 36): the feed is not found. */
  unknownPlace: boolean;
  /** What each item's date offers to book (issue 73), read for the whole feed at once. */
  registrations: RegistrationsOf;
}

/** `series`: one item per series (RSS), else one per date (iCal). */
export async function selectionFeed(
  { store }: { store: Store },
  params: URLSearchParams,
  { series = false } = {},
): Promise<SelectionFeed> {
  const now = new Date();
  const selection = await eventsForFeed({ store }, params, now, { series });
  const scope = await cachedPlaceScope({ store }, selection.filters);
  const unknown = scope.unknown[0];
  return {
    ...selection,
    title: feedTitle(selection.filters, selection.categories, scope),
    description: unknown
      ? `Aucun ${unknown} public ne porte l’adresse «\u00a0${unknown === 'lieu' ? selection.filters.venue : selection.filters.organizer}\u00a0».`
      : (selection.searchError ?? `Agenda romand, ${SITE_TAGLINE}\u00a0: les événements à venir de cette sélection.`),
    unknownPlace: Boolean(unknown),
    registrations: await registrationsOf({ store }, selection.events, now),
  };
}
