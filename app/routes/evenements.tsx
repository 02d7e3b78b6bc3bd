import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { listUpcomingEvents } from '~/.server/events';
import { getStore } from '~/.server/store';
import { EventCard } from '~/components/EventCard';
import { CANTON_CODES, CANTON_NAMES, isCantonCode } from '~/domain/cantons';
import { categoryLabel, DEFAULT_CATEGORIES, isCategorySlug } from '~/domain/categories';
import { pageMeta } from '~/domain/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const category = url.searchParams.get('category');
  const canton = url.searchParams.get('canton');
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1;
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 500);
  const result = await listUpcomingEvents(getStore(), {
    page,
    category: isCategorySlug(category) ? category : undefined,
    canton: isCantonCode(canton) ? canton : undefined,
    text: q,
  });
  return {
    ...result,
    filters: { q, category: isCategorySlug(category) ? category : '', canton: isCantonCode(canton) ? canton : '' },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({
    title: data?.filters.category ? `Événements : ${categoryLabel(data.filters.category)}` : 'Événements',
    description: 'Tous les événements à venir en Suisse romande : concerts, spectacles, marchés, fêtes, sorties.',
    path: '/evenements',
    matches,
  });

function pageHref(filters: { q: string; category: string; canton: string }, page: number) {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.canton) params.set('canton', filters.canton);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/evenements${query ? `?${query}` : ''}`;
}

export default function EventsListPage() {
  const { items, total, page, pageCount, filters } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <header className="page-header">
        <h1>{filters.category ? categoryLabel(filters.category) : 'Événements à venir'}</h1>
        <p className="lead" data-testid="result-count">
          {total === 0 ? 'Aucun événement' : total === 1 ? '1 événement' : `${total} événements`}
        </p>
      </header>
      <Form method="get" className="filters" role="search">
        <div className="field">
          <label htmlFor="filter-q">Recherche</label>
          <input id="filter-q" type="search" name="q" defaultValue={filters.q} maxLength={500} />
        </div>
        <div className="field">
          <label htmlFor="filter-category">Catégorie</label>
          <select id="filter-category" name="category" defaultValue={filters.category}>
            <option value="">Toutes</option>
            {DEFAULT_CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-canton">Région</label>
          <select id="filter-canton" name="canton" defaultValue={filters.canton}>
            <option value="">Toute la Romandie</option>
            {CANTON_CODES.map((c) => (
              <option key={c} value={c}>
                {CANTON_NAMES[c]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          Filtrer
        </button>
        <Link to="/evenements" className="button">
          Réinitialiser
        </Link>
      </Form>
      {items.length === 0 ? (
        <div className="empty-state">
          <p>Aucun événement ne correspond à ces critères.</p>
          <p>
            <Link to="/evenements">Voir tous les événements à venir</Link>
          </p>
        </div>
      ) : (
        <div className="event-grid">
          {items.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </div>
      )}
      {pageCount > 1 ? (
        <nav className="pagination" aria-label="Pagination">
          {page > 1 ? <Link to={pageHref(filters, page - 1)}>← Précédent</Link> : <span />}
          <span>
            Page {page} sur {pageCount}
          </span>
          {page < pageCount ? <Link to={pageHref(filters, page + 1)}>Suivant →</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
