import { Link } from '~/components/Link';
import { type EventFilters, filtersToParams } from '~/domain/event-filters';
import { quoted } from '~/domain/quoted';

/** No result: one link per filter that can be widened. */
export function EmptyState({ filters }: { filters: EventFilters }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <h2>Aucun événement ne correspond à votre recherche</h2>
      <p>Essayez d’élargir la sélection&nbsp;:</p>
      <ul className="empty-state__suggestions">
        {filters.q ? (
          <li>
            <Link to={`/evenements?${filtersToParams({ ...filters, q: '' })}`}>Sans le texte {quoted(filters.q)}</Link>
          </li>
        ) : null}
        {filters.when || filters.from || filters.to ? (
          <li>
            <Link to={`/evenements?${filtersToParams({ ...filters, when: '', from: '', to: '' })}`}>
              À toutes les dates
            </Link>
          </li>
        ) : null}
        {filters.canton ? (
          <li>
            <Link to={`/evenements?${filtersToParams({ ...filters, canton: '' })}`}>Dans toute la Romandie</Link>
          </li>
        ) : null}
        {filters.near && filters.near.radius < 50 ? (
          <li>
            <Link to={`/evenements?${filtersToParams({ ...filters, near: { ...filters.near, radius: 50 } })}`}>
              Dans un rayon de 50&nbsp;km
            </Link>
          </li>
        ) : null}
        {filters.category ? (
          <li>
            <Link to={`/evenements?${filtersToParams({ ...filters, category: '' })}`}>Dans toutes les catégories</Link>
          </li>
        ) : null}
        <li>
          <Link to="/evenements">Tous les événements à venir</Link>
        </li>
      </ul>
    </div>
  );
}
