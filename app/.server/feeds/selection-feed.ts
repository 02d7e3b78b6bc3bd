// The feeds of a list selection (/evenements.ics, /evenements.rss): the same events, words and answer for both.
import { SITE_TAGLINE } from '~/domain/site';
import { cachedPlaceScope } from '../events/public';
import type { Store } from '../ports';
import { feedTitle } from './feeds';
import { eventsForFeed, type FeedSelection } from './queries';

export interface SelectionFeed extends FeedSelection {
  /** Names the selection (« Musique · Vaud »…). */
  title: string;
  /** What the feed holds, or the refusal of its search text. */
  description: string;
}

/** `series`: one item per series (RSS), else one per date (iCal). */
export async function selectionFeed(
  { store }: { store: Store },
  params: URLSearchParams,
  { series = false } = {},
): Promise<SelectionFeed> {
  const selection = await eventsForFeed({ store }, params, new Date(), { series });
  return {
    ...selection,
    title: feedTitle(selection.filters, selection.categories, await cachedPlaceScope({ store }, selection.filters)),
    description:
      selection.searchError ?? `Agenda romand, ${SITE_TAGLINE}\u00a0: les événements à venir de cette sélection.`,
  };
}
