import { SearchInput } from '~/components/SearchInput';
import { useActiveCategories } from '~/components/useCategories';
import { CANTON_CODES, CANTON_NAMES } from '~/domain/cantons';
import { type EventFilters, WHEN_OPTIONS } from '~/domain/event-filters';

/** The fields of the filters form: text, category, region, when, dates and options. */
export function FilterFields({
  filters,
  searchError,
  onSearch,
}: {
  filters: EventFilters;
  searchError: string | null;
  onSearch: (cleaned: string) => void;
}) {
  const categories = useActiveCategories();
  return (
    <>
      <div className="filters__search">
        <SearchInput
          id="filter-q"
          label="Recherche"
          defaultValue={filters.q}
          placeholder="Concert, marché, ville…"
          error={searchError}
          onSearch={onSearch}
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
    </>
  );
}
