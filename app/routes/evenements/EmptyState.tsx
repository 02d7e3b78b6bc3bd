import { Link } from '~/components/Link';
import type { EventFilters } from '~/domain/event-filters';
import { quoted } from '~/domain/quoted';
import { queryOf } from './list';

const listOf = (filters: EventFilters) => `/evenements${queryOf(filters)}`;

/**
 * No result: one link per filter that can be widened, then the whole list, each address once (dates alone widened
 * lead to the whole list: « Tous les événements à venir » would say it a second time).
 */
export function EmptyState({ filters }: { filters: EventFilters }) {
  const widened: [string, Partial<EventFilters>][] = [];
  if (filters.q) widened.push([`Sans le texte ${quoted(filters.q)}`, { q: '' }]);
  if (filters.when || filters.from || filters.to) widened.push(['À toutes les dates', { when: '', from: '', to: '' }]);
  if (filters.canton) widened.push(['Dans toute la Romandie', { canton: '' }]);
  if (filters.near && filters.near.radius < 50)
    widened.push(['Dans un rayon de 50\u00a0km', { near: { ...filters.near, radius: 50 } }]);
  if (filters.category) widened.push(['Dans toutes les catégories', { category: '' }]);
  const links = new Map<string, string>();
  for (const [label, change] of widened) links.set(listOf({ ...filters, ...change }), label);
  if (!links.has('/evenements')) links.set('/evenements', 'Tous les événements à venir');
  return (
    <div className="empty-state" data-testid="empty-state">
      <h2>Aucun événement ne correspond à votre recherche</h2>
      <p>Essayez d’élargir la sélection&nbsp;:</p>
      <ul className="empty-state__suggestions">
        {[...links].map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
