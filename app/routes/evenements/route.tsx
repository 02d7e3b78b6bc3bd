import { data, type LoaderFunctionArgs, redirect } from '@remix-run/node';
import { Form, useLoaderData, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { activeCategorySlugs, categoryInfos } from '~/.server/categories/categories';
import { pageCursor, pageStart } from '~/.server/events/page-start';
import { searchOrPlaceSuggestion } from '~/.server/events/place-suggestion';
import { cachedPlaceScope, lookedAtWindow, mapEvents, schoolHolidays, searchEvents } from '~/.server/events/public';
import { waysOut } from '~/.server/events/ways-out';
import { selectionHandle } from '~/.server/federation/page-targets';
import { AlertSubscribeLite } from '~/components/alerts/AlertSubscribeLite';
import { filterChips } from '~/components/discovery/filter-chips';
import { Link } from '~/components/Link';
import { describeAlertFilter } from '~/domain/alert';
import { categoryLabel } from '~/domain/categories';
import type { EventMapPoint } from '~/domain/event';
import { filtersToParams, hasActiveFilters, listQuery, parseEventFilters } from '~/domain/event-filters';
import { comingHolidays } from '~/domain/school-holidays';
import { aroundWordsPath, placeReading, placeSearchPath } from '~/domain/search-place';
import type { loader as rootLoader } from '~/root';
import { pageCards } from './cards.server';
import { EmptyState } from './EmptyState';
import { FamilyHolidays, HolidayDates } from './FamilyHolidays';
import { FilterBar } from './FilterBar';
import { FilterFields, KeptFields, tidyDates } from './FilterFields';
import { describeSelection, RESULTS_ID, scrollToResults, submitLabel, timedGroups, whenSetAside } from './list';
import { MapSection } from './MapSection';
import { isKnownLocality } from './NearFields';
import { Pagination } from './Pagination';
import { PlaceReading } from './PlaceReading';
import { Refusal } from './Refusal';
import { Results } from './Results';
import { refusedList } from './refused';
import { SearchSuggestion } from './SearchSuggestion';
import { SelectionFeeds } from './SelectionFeeds';
import { useFilterSheet } from './useFilterSheet';
import { useListForm } from './useFormFollowsList';
import { ViewToggle } from './ViewToggle';
import { WhenSetAside } from './WhenSetAside';

const viewExtra = (view: string): Record<string, string> => (view === 'carte' ? { vue: 'carte' } : {});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const store = context.services.store;
  const [active, categories] = await Promise.all([activeCategorySlugs({ store }), categoryInfos({ store })]);
  const { filters, searchError, nearError, typedAround, page } = parseEventFilters(url.searchParams, active);
  // The title and the description name the chosen category with the store's label.
  const categoryName = filters.category ? categoryLabel(filters.category, categories) : '';
  const view = url.searchParams.get('vue') === 'carte' ? 'carte' : 'liste';
  // « concert echallens » in « Près de »: words and a locality, as the search box reads them (issue 70).
  const aroundWords = nearError && aroundWordsPath(filters, typedAround, url.searchParams, viewExtra(view));
  if (aroundWords) throw redirect(aroundWords);
  const refused = searchError ?? nearError;
  if (refused)
    return data(refusedList({ filters, categoryName, searchError, nearError, typedAround, view }), { status: 400 });
  const now = new Date();
  // The names of the venue and organizer filtered on (`?lieu=`, `?organisateur=`), for the chips and the alert.
  const places = await cachedPlaceScope({ store }, filters);
  const start = pageStart(url.searchParams, filters, page);
  if ('moved' in start) throw redirect(start.moved);
  const [result, points, holidays] = await Promise.all([
    searchEvents({ store }, filters, page, now, true, start),
    view === 'carte' ? mapEvents({ store }, filters, now) : Promise.resolve([] as EventMapPoint[]),
    schoolHolidays({ store }),
  ]);
  // A locality typed, alone or with words that find nothing, is « Autour de » it (decisions 161, 165), unless `?mot=1`.
  const asPlace = placeSearchPath(filters, viewExtra(view), result.total);
  if (asPlace) throw redirect(asPlace);
  // A page past the end (an old link, a shorter list): its last page, rather than « Aucun événement ».
  if (page > result.pageCount) throw redirect(`/evenements?${filtersToParams(filters, { page: result.pageCount })}`);
  // An exhibition says the hours of the days looked at: « demain », « ce week-end », or a later period's first open day.
  const window = lookedAtWindow(filters, holidays, now);
  const items = await pageCards({ store }, result.items, { window, filters, holidays, now });
  return data({
    filters,
    categoryName,
    searchError: null as string | null,
    nearError: null as string | null,
    typedAround,
    aroundSuggestions: [] as string[],
    view,
    points,
    ...result,
    items,
    // The next page starts after this page's last result (issue 69): `?apres=`, a keyset read however deep the page.
    after: pageCursor.write(result.items.at(-1)),
    before: pageCursor.write(result.items[0]),
    // By day, a search too: the list is in date order (decision 065), relevance only orders the same instant.
    groups: timedGroups(items, now, window?.start ?? null),
    // The chips, the cards' times, the alert's words (decision 048): worked out here, their code out of the page's JS.
    chips: filterChips(filters, categoryName, view === 'carte' ? { vue: 'carte' } : {}, places, now),
    placeReading: placeReading(filters, url.searchParams),
    suggestion: await searchOrPlaceSuggestion({ store }, filters, result.total, now),
    whenAside: whenSetAside(url.searchParams, filters),
    holidayDates: filters.holidays ? comingHolidays(holidays, filters.holidays, { from: filters.from, now }) : [],
    empty: result.total === 0 ? await waysOut({ store }, filters, now) : null,
    alertDescription: describeAlertFilter(filters, () => categoryName, places),
    // The Mastodon account of this selection, when one has exactly its events (the agenda's, a category's).
    fediverse: selectionHandle(context.services.config, filters),
  });
}

export default function EventsListPage() {
  const {
    items,
    groups,
    chips,
    total,
    dates,
    more,
    page,
    pageCount,
    after,
    before,
    filters,
    categoryName,
    searchError,
    nearError,
    typedAround,
    aroundSuggestions,
    view,
    points,
    suggestion,
    placeReading: reading,
    whenAside,
    holidayDates,
    empty,
    alertDescription,
    fediverse,
  } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // With JavaScript on a phone the filters are a sheet over the list, opened from the filter bar.
  const { sheetOpen, openSheet, closeSheet, hideSheet, sheetTitle, opener } = useFilterSheet();
  const query = (extra: Record<string, string | number> = {}) => listQuery(filters, extra);
  const active = hasActiveFilters(filters);
  const { form, formKey, submitForm } = useListForm(active);
  const loading = navigation.state === 'loading' && navigation.location?.pathname === '/evenements';
  const described = describeSelection(filters, categoryName, alertDescription);
  const resultsHref = (extra: Record<string, string | number> = {}) => `/evenements${query(extra)}#${RESULTS_ID}`;

  return (
    <div className="page events-page">
      <header className="page-header events-page__header">
        <h1>{categoryName || 'Événements à venir'}</h1>
      </header>

      <FilterBar
        hydrated={hydrated}
        sheetOpen={sheetOpen}
        opener={opener}
        onOpen={() => openSheet()}
        chips={chips}
        total={total}
        dates={dates}
        more={more}
        described={described}
      />

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
          key={formKey}
          ref={form}
          method="get"
          className="filters"
          role="search"
          aria-label="Filtrer les événements"
          onChange={(event) => {
            const field = event.target as HTMLInputElement;
            if (!tidyDates(event.currentTarget, field)) return;
            // The text and a locality being typed wait (a locality is sent once it is one of the list).
            if (field.name !== 'q' && (field.name !== 'autour' || isKnownLocality(field.value))) submitForm();
          }}
          onSubmit={(event) => {
            if (!hydrated) return;
            // The list already follows the form: « Voir N événements » closes the sheet onto the results.
            event.preventDefault();
            submitForm();
            hideSheet();
            scrollToResults();
          }}
        >
          <KeptFields filters={filters} view={view} />
          <FilterFields
            filters={filters}
            searchError={searchError}
            onSearch={(cleaned) => submitForm(cleaned)}
            near={{
              typed: typedAround,
              error: nearError,
              suggestions: aroundSuggestions,
              hydrated,
              onPosition: () => submitForm(),
            }}
          />
          <div className="filters__actions">
            <button type="submit" className="button button--primary" data-testid="filters-submit">
              {submitLabel(hydrated, total, Boolean(searchError || nearError), more)}
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

      {/* Beside the filters on a wide screen (discovery.css), under them on a phone. */}
      <div className="events-page__main">
        <div className="events-toolbar">
          <ViewToggle view={view} href={(extra = {}) => `/evenements${query(extra)}`} />
          {empty ? null : <FamilyHolidays filters={filters} extra={view === 'carte' ? { vue: 'carte' } : {}} />}
        </div>
        {searchError || nearError ? (
          <Refusal
            message={searchError ?? nearError ?? ''}
            field={searchError ? 'filter-q' : 'filter-around'}
            label={searchError ? 'Corriger la recherche' : 'Corriger la localité'}
            localities={aroundSuggestions}
            openSheet={openSheet}
          />
        ) : null}
        <div id={RESULTS_ID} className="events-page__results">
          {reading ? <PlaceReading reading={reading} /> : null}
          {suggestion ? <SearchSuggestion filters={filters} suggestion={suggestion} /> : null}
          {whenAside ? <WhenSetAside aside={whenAside} /> : null}
          {holidayDates.length ? <HolidayDates canton={filters.holidays} periods={holidayDates} /> : null}
          {view === 'carte' && !searchError && !nearError ? (
            <MapSection
              points={points}
              total={total}
              more={more}
              config={root?.map ?? { tileUrl: '', attribution: '' }}
              listHref={`/evenements${query()}`}
            />
          ) : null}
          <div className={`events-results${loading ? ' is-loading' : ''}`}>
            {items.length === 0 && !searchError && !nearError ? (
              <EmptyState empty={empty} />
            ) : (
              <Results view={view} groups={groups} items={items} page={page} />
            )}
          </div>
        </div>

        {pageCount > 1 && view === 'liste' ? (
          <Pagination
            page={page}
            pageCount={pageCount}
            href={(n) => resultsHref({ page: n })}
            nextHref={after ? resultsHref({ page: page + 1, apres: after }) : undefined}
            prevHref={before ? resultsHref({ page: page - 1, avant: before }) : undefined}
          />
        ) : null}
        {/* A refused selection has no feeds: they would be the whole list's. */}
        {searchError || nearError || empty?.past ? null : <SelectionFeeds query={query()} fediverse={fediverse} />}
        {/* An alert is around a locality, never around a position (it would keep it). */}
        {hasActiveFilters(filters) && !searchError && !nearError && !empty?.past && filters.near?.place !== '' ? (
          <AlertSubscribeLite filter={filtersToParams(filters).toString()} description={alertDescription} />
        ) : null}
        {view === 'carte' ? (
          <p className="map-list-link">
            <Link to={`/evenements${query()}`}>Voir ces événements en liste</Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}

export { meta } from './meta';
