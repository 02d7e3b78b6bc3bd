import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation, useRouteLoaderData, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { activeCategorySlugs, categoryInfos } from '~/.server/categories/categories';
import { mapEvents, searchEvents, searchSuggestion } from '~/.server/events/public';
import { AlertSubscribeForm } from '~/components/alerts/AlertSubscribeForm';
import { filterChips } from '~/components/discovery/filter-chips';
import { EventCard } from '~/components/EventCard';
import { LazyEventsMap } from '~/components/map/LazyEventsMap';
import { SearchInput } from '~/components/SearchInput';
import { useActiveCategories } from '~/components/useCategories';
import { describeAlertFilter } from '~/domain/alert';
import { CANTON_CODES, CANTON_NAMES } from '~/domain/cantons';
import { categoryLabel } from '~/domain/categories';
import type { EventMapPoint } from '~/domain/event';
import { toEventCard } from '~/domain/event-card';
import { cardTime, type DayGroup, groupByDay } from '~/domain/event-days';
import {
  type EventFilters,
  filtersToParams,
  hasActiveFilters,
  parseEventFilters,
  WHEN_OPTIONS,
} from '~/domain/event-filters';
import { pageMeta } from '~/domain/meta';
import type { loader as rootLoader } from '~/root';

type Card = ReturnType<typeof toEventCard>;
type TimedDayGroup = DayGroup<Card> & { times: string[] };

/** The list by day, each card with the time it shows under its day (« 20:00 », « dès 18:00 »). */
const timedGroups = (items: Card[], now: Date): TimedDayGroup[] =>
  groupByDay(items, now).map((group) => ({ ...group, times: group.items.map((e) => cardTime(e, group.day)) }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const store = context.services.store;
  const [active, categories] = await Promise.all([activeCategorySlugs(store), categoryInfos(store)]);
  const { filters, searchError, page } = parseEventFilters(url.searchParams, active);
  // The title and the description name the chosen category with the store's label.
  const categoryName = filters.category ? categoryLabel(filters.category, categories) : '';
  const view = url.searchParams.get('vue') === 'carte' ? 'carte' : 'liste';
  if (searchError) {
    return data(
      {
        filters,
        categoryName,
        searchError,
        view,
        items: [] as ReturnType<typeof toEventCard>[],
        total: 0,
        page: 1,
        pageCount: 1,
        points: [] as EventMapPoint[],
        groups: [] as TimedDayGroup[],
        chips: filterChips(filters, categoryName, view === 'carte' ? { vue: 'carte' } : {}),
        suggestion: null as { q: string; total: number } | null,
      },
      { status: 400 },
    );
  }
  const now = new Date();
  const [result, points] = await Promise.all([
    searchEvents(store, filters, page, now),
    view === 'carte' ? mapEvents(store, filters, now) : Promise.resolve([] as EventMapPoint[]),
  ]);
  const items = result.items.map(toEventCard);
  return data({
    filters,
    categoryName,
    searchError: null as string | null,
    view,
    points,
    ...result,
    items,
    // By day when the list is by date; a text search is by relevance, its cards then give their own date.
    groups: filters.q ? [] : timedGroups(items, now),
    // The chips and the cards' times are worked out here: their code stays out of the page's JavaScript.
    chips: filterChips(filters, categoryName, view === 'carte' ? { vue: 'carte' } : {}),
    suggestion: await searchSuggestion(store, filters, result.total, now),
  });
}

function describeFilters(filters: EventFilters, categoryName: string): string {
  const parts = [
    categoryName || null,
    filters.canton ? CANTON_NAMES[filters.canton] : null,
    filters.when ? WHEN_OPTIONS.find((o) => o.value === filters.when)?.label.toLowerCase() : null,
    filters.free ? 'gratuit' : null,
  ].filter(Boolean);
  return parts.join(' · ');
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const described = data ? describeFilters(data.filters, data.categoryName) : '';
  return [
    ...pageMeta({
      title: described ? `Événements : ${described}` : 'Événements',
      description: `Tous les événements à venir en Suisse romande${described ? ` (${described})` : ''} : concerts, spectacles, marchés, fêtes, sorties.`,
      path: `/evenements${location.search}`,
      matches,
    }),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: 'Flux RSS de cette sélection',
      href: `/evenements.rss${location.search}`,
    },
  ];
};

const countLabel = (n: number) =>
  n === 0 ? 'Aucun événement' : n === 1 ? '1 événement' : `${n.toLocaleString('fr-CH')} événements`;

/** Page numbers around the current one: 1 … 4 5 [6] 7 8 … 20 */
function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...wanted].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1] > 1 ? [null, n] : [n]));
}

/** Where the list begins: pagination and « Voir N événements » land here, below the sticky filter bar. */
const RESULTS_ID = 'resultats';

export default function EventsListPage() {
  const { items, groups, chips, total, page, pageCount, filters, categoryName, searchError, view, points, suggestion } =
    useLoaderData<typeof loader>();
  const categories = useActiveCategories();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const submit = useSubmit();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const sheetTitle = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // With JavaScript on a phone the filters are a sheet over the list, opened from the filter bar.
  const [sheetOpen, setSheetOpen] = useState(false);
  const closeSheet = () => {
    setSheetOpen(false);
    opener.current?.focus();
  };
  useEffect(() => {
    if (sheetOpen) sheetTitle.current?.focus();
  }, [sheetOpen]);
  const query = (extra: Record<string, string | number> = {}) => {
    const params = filtersToParams(filters, extra);
    const text = params.toString();
    return text ? `?${text}` : '';
  };
  // With JS, the list follows the form as the visitor changes it (the search text arrives cleaned).
  const submitForm = (cleanedQ?: string) => {
    if (!form.current) return;
    const formData = new FormData(form.current);
    if (cleanedQ !== undefined) formData.set('q', cleanedQ);
    for (const [key, value] of [...formData.entries()]) if (value === '') formData.delete(key);
    submit(formData, { method: 'get', replace: true, preventScrollReset: true });
  };
  const active = hasActiveFilters(filters);
  const loading = navigation.state === 'loading' && navigation.location?.pathname === '/evenements';
  const described = describeFilters(filters, categoryName);
  const resultsHref = (extra: Record<string, string | number> = {}) => `/evenements${query(extra)}#${RESULTS_ID}`;

  return (
    <div className="page events-page">
      <header className="page-header events-page__header">
        <h1>{categoryName || 'Événements à venir'}</h1>
      </header>

      <div className="filter-bar" data-testid="filter-bar">
        {hydrated ? (
          <button
            ref={opener}
            type="button"
            className="filter-bar__open"
            aria-expanded={sheetOpen}
            aria-controls="filtres"
            onClick={() => setSheetOpen(true)}
          >
            <FilterIcon /> Filtres{chips.length > 0 ? <span className="badge">{chips.length}</span> : null}
          </button>
        ) : (
          <a className="filter-bar__open" href="#filtres">
            <FilterIcon /> Filtres{chips.length > 0 ? <span className="badge">{chips.length}</span> : null}
          </a>
        )}
        <p className="filter-bar__count" data-testid="result-count" aria-live="polite">
          {countLabel(total)}
          <span className="visually-hidden">
            {described ? ` · ${described}` : ''}
            {filters.q ? ` · « ${filters.q} »` : ''}
          </span>
        </p>
        {chips.length > 0 ? (
          <ul className="filter-bar__chips" aria-label="Filtres actifs">
            {chips.map((chip) => (
              <li key={chip.key}>
                <Link
                  to={chip.href}
                  className="filter-chip"
                  preventScrollReset
                  aria-label={`Retirer le filtre ${chip.label}`}
                >
                  {chip.label}
                  <span className="filter-chip__remove" aria-hidden="true">
                    ×
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <section
        id="filtres"
        className={`filters-panel${hydrated ? ' is-enhanced' : ''}${sheetOpen ? ' is-open' : ''}`}
        aria-labelledby="filtres-title"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && sheetOpen) closeSheet();
        }}
      >
        <div className="filters-panel__head">
          <h2 id="filtres-title" ref={sheetTitle} tabIndex={-1}>
            Rechercher et filtrer
          </h2>
          {hydrated ? (
            <button type="button" className="filters-panel__close" onClick={closeSheet}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Fermer les filtres</span>
            </button>
          ) : null}
        </div>
        <Form
          ref={form}
          method="get"
          className="filters"
          role="search"
          aria-label="Filtrer les événements"
          onChange={(event) => {
            if ((event.target as HTMLElement).getAttribute('name') !== 'q') submitForm();
          }}
          onSubmit={(event) => {
            if (!hydrated) return;
            // The list already follows the form: « Voir N événements » closes the sheet onto the results.
            event.preventDefault();
            submitForm();
            setSheetOpen(false);
            document.getElementById(RESULTS_ID)?.scrollIntoView();
          }}
        >
          {view === 'carte' ? <input type="hidden" name="vue" value="carte" /> : null}
          <div className="filters__search">
            <SearchInput
              id="filter-q"
              label="Recherche"
              defaultValue={filters.q}
              placeholder="Concert, marché, ville…"
              error={searchError}
              onSearch={(cleaned) => submitForm(cleaned)}
            />
          </div>
          <div className="field">
            <label htmlFor="filter-category">Catégorie</label>
            <select id="filter-category" name="category" defaultValue={filters.category}>
              <option value="">Toutes les catégories</option>
              {categories.map((c) => (
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
          <div className="field">
            <label htmlFor="filter-when">Quand</label>
            <select id="filter-when" name="quand" defaultValue={filters.when}>
              <option value="">Toutes les dates</option>
              {WHEN_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="filters__range">
            <legend>Ou entre deux dates</legend>
            <div className="filters__range-fields">
              <div className="field">
                <label htmlFor="filter-from">Du</label>
                <input id="filter-from" type="date" name="du" defaultValue={filters.from} />
              </div>
              <div className="field">
                <label htmlFor="filter-to">Au</label>
                <input id="filter-to" type="date" name="au" defaultValue={filters.to} />
              </div>
            </div>
          </fieldset>
          <fieldset className="filters__flags">
            <legend className="visually-hidden">Options</legend>
            <label>
              <input type="checkbox" name="gratuit" value="1" defaultChecked={filters.free} /> Gratuit
            </label>
            <label>
              <input type="checkbox" name="famille" value="1" defaultChecked={filters.family} /> En famille
            </label>
            <label>
              <input type="checkbox" name="accessible" value="1" defaultChecked={filters.accessible} /> Accessible en
              fauteuil roulant
            </label>
          </fieldset>
          <div className="filters__actions">
            <button type="submit" className="button button--primary" data-testid="filters-submit">
              {hydrated ? (total > 0 ? `Voir ${countLabel(total).toLowerCase()}` : 'Aucun événement') : 'Filtrer'}
            </button>
            {active ? (
              <Link to={view === 'carte' ? '/evenements?vue=carte' : '/evenements'} className="button">
                Réinitialiser
              </Link>
            ) : null}
          </div>
        </Form>
      </section>
      {sheetOpen ? (
        <button
          type="button"
          className="filters-backdrop"
          aria-label="Fermer les filtres"
          onClick={closeSheet}
          tabIndex={-1}
        />
      ) : null}

      <div className="events-toolbar">
        <nav className="view-toggle" aria-label="Affichage">
          <Link
            to={`/evenements${query()}`}
            aria-current={view === 'liste' ? 'page' : undefined}
            className={view === 'liste' ? 'is-active' : undefined}
            preventScrollReset
          >
            Liste
          </Link>
          <Link
            to={`/evenements${query({ vue: 'carte' })}`}
            aria-current={view === 'carte' ? 'page' : undefined}
            className={view === 'carte' ? 'is-active' : undefined}
            preventScrollReset
          >
            Carte
          </Link>
        </nav>
      </div>

      {searchError ? (
        <div className="notice notice--error" role="alert" data-testid="search-error">
          {searchError}
        </div>
      ) : null}

      {suggestion ? (
        <p className="did-you-mean" data-testid="search-suggestion">
          Vouliez-vous dire{' '}
          <Link to={`/evenements?${filtersToParams({ ...filters, q: suggestion.q })}`}>« {suggestion.q} »</Link>
          {'\u00a0'}? <span className="did-you-mean__count">({countLabel(suggestion.total).toLowerCase()})</span>
        </p>
      ) : null}

      {view === 'carte' && !searchError ? (
        <section aria-label="Carte des événements" className="events-map-section">
          <LazyEventsMap
            points={points}
            config={root?.map ?? { tileUrl: '', attribution: '' }}
            label={`Carte de ${countLabel(points.length).toLowerCase()}`}
            height={520}
          />
          <p className="map-note">
            {points.length < total
              ? `${points.length} événements localisés sur ${total}.`
              : `${points.length} événements sur la carte.`}
          </p>
        </section>
      ) : null}

      <div className={`events-results${loading ? ' is-loading' : ''}`} id={RESULTS_ID}>
        {items.length === 0 && !searchError ? (
          <div className="empty-state" data-testid="empty-state">
            <h2>Aucun événement ne correspond à votre recherche</h2>
            <p>Essayez d’élargir la sélection :</p>
            <ul className="empty-state__suggestions">
              {filters.q ? (
                <li>
                  <Link to={`/evenements?${filtersToParams({ ...filters, q: '' })}`}>
                    Sans le texte « {filters.q} »
                  </Link>
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
              {filters.category ? (
                <li>
                  <Link to={`/evenements?${filtersToParams({ ...filters, category: '' })}`}>
                    Dans toutes les catégories
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to="/evenements">Tous les événements à venir</Link>
              </li>
            </ul>
          </div>
        ) : view === 'liste' && groups.length > 0 ? (
          <section aria-label={`Résultats, page ${page}`}>
            {groups.map((group, g) => (
              // By date, each day comes once (« En cours » first, its key '').
              <section key={group.day} className="day-group" aria-labelledby={`jour-${group.day || 'en-cours'}`}>
                <h2 id={`jour-${group.day || 'en-cours'}`} className="day-group__heading">
                  {group.heading}
                </h2>
                <div className="event-grid">
                  {group.items.map((event, i) => (
                    <EventCard
                      key={`${event.id}:${event.startsAt}`}
                      event={event}
                      time={group.times[i]}
                      eager={g === 0 && i < 2}
                    />
                  ))}
                </div>
              </section>
            ))}
          </section>
        ) : view === 'liste' ? (
          <section aria-labelledby="results-title">
            <h2 id="results-title" className="visually-hidden">
              Résultats, page {page}
            </h2>
            <div className="event-grid">
              {items.map((event, i) => (
                <EventCard key={`${event.id}:${event.startsAt}`} event={event} eager={i < 2} />
              ))}
            </div>
          </section>
        ) : null}
      </div>

      {pageCount > 1 && view === 'liste' ? (
        <nav className="pagination" aria-label="Pages de résultats">
          {page > 1 ? (
            <Link to={resultsHref({ page: page - 1 })} rel="prev">
              ← Précédent
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
          <ol>
            {pageNumbers(page, pageCount).map((n, i) =>
              n === null ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
                <li key={`gap-${i}`} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={n}>
                  {n === page ? (
                    <span aria-current="page">{n}</span>
                  ) : (
                    <Link to={resultsHref({ page: n })} aria-label={`Page ${n}`}>
                      {n}
                    </Link>
                  )}
                </li>
              ),
            )}
          </ol>
          {page < pageCount ? (
            <Link to={resultsHref({ page: page + 1 })} rel="next">
              Suivant →
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
        </nav>
      ) : null}
      <p className="feeds">
        S’abonner à cette sélection : <a href={`/evenements.ics${query()}`}>calendrier (iCal)</a> ·{' '}
        <a href={`/evenements.rss${query()}`}>flux RSS</a>
      </p>
      {hasActiveFilters(filters) && !searchError ? (
        <AlertSubscribeForm
          filter={filtersToParams(filters).toString()}
          description={describeAlertFilter(filters, () => categoryName)}
        />
      ) : null}
      {view === 'carte' ? (
        <p className="map-list-link">
          <Link to={`/evenements${query()}`}>Voir ces événements en liste</Link>
        </p>
      ) : null}
    </div>
  );
}

function FilterIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 5h18M6 12h12M10 19h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
