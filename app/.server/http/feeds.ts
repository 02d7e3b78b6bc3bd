// The answer of a list selection's feeds (/evenements.ics, /evenements.rss), from what the feed use case found.
import type { SelectionFeed } from '../feeds/selection-feed';

/**
 * The feed's answer: 404 when its venue or organizer is not public (a reader stops asking), 400 when its search text
 * was refused, else shared caches keep it a quarter of an hour.
 */
export function selectionFeedResponse(
  body: string,
  feed: SelectionFeed,
  headers: { 'Content-Type': string } & Record<string, string>,
): Response {
  return new Response(body, {
    status: feed.unknownPlace ? 404 : feed.searchError ? 400 : 200,
    headers: { ...headers, 'Cache-Control': 'public, max-age=900' },
  });
}
