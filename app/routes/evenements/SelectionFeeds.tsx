// « S’abonner à cette sélection » under the list: its calendar and RSS feed, and the Mastodon account that has exactly
// its events (the agenda's, a category's) when the federation is on.
import { FediverseHandle } from '~/components/FediverseHandle';

export function SelectionFeeds({ query, fediverse }: { query: string; fediverse: string | null }) {
  return (
    <p className="feeds">
      S’abonner à cette sélection&nbsp;: <a href={`/evenements.ics${query}`}>calendrier (iCal)</a> ·{' '}
      <a href={`/evenements.rss${query}`}>flux RSS</a>
      {fediverse ? (
        <>
          {' '}
          · sur Mastodon&nbsp;: <FediverseHandle handle={fediverse} testId="list-fediverse" />
        </>
      ) : null}
    </p>
  );
}
