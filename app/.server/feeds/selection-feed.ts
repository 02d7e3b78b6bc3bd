// The feeds of a list selection (/evenements.ics, /evenements.rss): the same events, words and answer for both.
import { SITE_TAGLINE } from '~/domain/site';
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
    title: feedTitle(selection.filters, selection.categories),
    description:
      selection.searchError ?? `Agenda romand, ${SITE_TAGLINE}\u00a0: les événements à venir de cette sélection.`,
  };
}

/** The feed's answer: 400 when its search text was refused, else shared caches keep it a quarter of an hour. */
export function selectionFeedResponse(
  body: string,
  feed: SelectionFeed,
  headers: { 'Content-Type': string } & Record<string, string>,
): Response {
  return new Response(body, {
    status: feed.searchError ? 400 : 200,
    headers: { ...headers, 'Cache-Control': 'public, max-age=900' },
  });
}
