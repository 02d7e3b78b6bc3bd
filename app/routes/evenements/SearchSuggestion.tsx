// « Vouliez-vous dire … ? » under a search that found little: the same selection with the suggested words, or the
// events around the locality the text misspells (« Echalens », issue 70).
import { Link } from '~/components/Link';
import { DEFAULT_RADIUS } from '~/domain/distance';
import { type EventFilters, filtersToParams } from '~/domain/event-filters';
import { quoted } from '~/domain/quoted';
import { countLabel } from './list';

export function SearchSuggestion({
  filters,
  suggestion,
}: {
  filters: EventFilters;
  suggestion: { q: string; total: number; more?: boolean; href?: string };
}) {
  const count = countLabel(suggestion.total, suggestion.total, suggestion.more).toLowerCase();
  return (
    <p className="did-you-mean" data-testid="search-suggestion">
      Vouliez-vous dire{' '}
      <Link to={suggestion.href ?? `/evenements?${filtersToParams({ ...filters, q: suggestion.q })}`}>
        {suggestion.href ? suggestion.q : quoted(suggestion.q)}
      </Link>
      {'\u00a0'}? {/* A locality (issue 70): the events around it, « 3 événements à 10 km ». */}
      <span className="did-you-mean__count">({suggestion.href ? `${count} à ${DEFAULT_RADIUS}\u00a0km` : count})</span>
    </p>
  );
}
