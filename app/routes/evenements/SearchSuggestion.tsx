// « Vouliez-vous dire … ? » under a search that found little: the same selection with the suggested words.
import { Link } from '~/components/Link';
import { type EventFilters, filtersToParams } from '~/domain/event-filters';
import { quoted } from '~/domain/quoted';
import { countLabel } from './list';

export function SearchSuggestion({
  filters,
  suggestion,
}: {
  filters: EventFilters;
  suggestion: { q: string; total: number; more?: boolean };
}) {
  return (
    <p className="did-you-mean" data-testid="search-suggestion">
      Vouliez-vous dire{' '}
      <Link to={`/evenements?${filtersToParams({ ...filters, q: suggestion.q })}`}>{quoted(suggestion.q)}</Link>
      {'\u00a0'}?{' '}
      <span className="did-you-mean__count">
        ({countLabel(suggestion.total, suggestion.total, suggestion.more).toLowerCase()})
      </span>
    </p>
  );
}
