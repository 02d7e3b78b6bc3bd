import { ChoiceSelect } from '~/components/form/ChoiceSelect';
import { CANTON_CHOICES, categoryChoices } from '~/components/form/choices';
import { SearchInput } from '~/components/SearchInput';
import { useActiveCategories } from '~/components/useCategories';
import { type EventFilters, WHEN_OPTIONS } from '~/domain/event-filters';
import { NearFields } from './NearFields';

/**
 * With JavaScript, before the list follows a change of the form, the dates as the server reads them: « Quand » and the
 * two dates are one choice (dates typed win, parseEventFilters), so choosing one empties the other; dates typed
 * backwards are put the right way round, as the server reads them. False while a year is being typed digit by digit
 * (0002, 0020, 0202…): the list waits for a year of this century's order.
 */
export function tidyDates(form: HTMLFormElement, field: { name: string; value: string }): boolean {
  const input = (name: string) => {
    const element = form.elements.namedItem(name);
    return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : null;
  };
  const isDate = field.name === 'du' || field.name === 'au';
  if (isDate && field.value && !/^(19|20)\d\d-/.test(field.value)) return false;
  if (!field.value) return true;
  for (const name of field.name === 'quand' ? ['du', 'au'] : isDate ? ['quand'] : []) {
    const other = input(name);
    if (other) other.value = '';
  }
  const [from, to] = [input('du'), input('au')];
  if (from && to && from.value && to.value && from.value > to.value) [from.value, to.value] = [to.value, from.value];
  return true;
}

/** The fields of the filters form: text, category, region, when, dates and options. */
export function FilterFields({
  filters,
  searchError,
  onSearch,
  near,
}: {
  filters: EventFilters;
  searchError: string | null;
  onSearch: (cleaned: string) => void;
  /** « Autour de » (issue 47): what was typed, its refusal and the localities close to it, the list to follow a position. */
  near: { typed: string; error: string | null; suggestions: string[]; hydrated: boolean; onPosition: () => void };
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
      <ChoiceSelect
        id="filter-category"
        name="category"
        label="Catégorie"
        all="Toutes les catégories"
        choices={categoryChoices(categories)}
        defaultValue={filters.category}
      />
      <ChoiceSelect
        id="filter-canton"
        name="canton"
        label="Région"
        all="Toute la Romandie"
        choices={CANTON_CHOICES}
        defaultValue={filters.canton}
      />
      <NearFields
        near={filters.near}
        typed={near.typed}
        error={near.error}
        suggestions={near.suggestions}
        hydrated={near.hydrated}
        onPosition={near.onPosition}
      />
      <ChoiceSelect
        id="filter-when"
        name="quand"
        label="Quand"
        all="Toutes les dates"
        choices={WHEN_OPTIONS}
        defaultValue={filters.when}
      />
      <ChoiceSelect
        id="filter-holidays"
        name="vacances"
        label="Pendant les vacances scolaires"
        all="Peu importe"
        choices={CANTON_CHOICES}
        defaultValue={filters.holidays}
      />
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

/** What the form keeps that it does not show: the map view, the venue or organizer, the words asked as words. */
export function KeptFields({ filters, view }: { filters: EventFilters; view: string }) {
  return (
    <>
      {view === 'carte' ? <input type="hidden" name="vue" value="carte" /> : null}
      {filters.venue ? <input type="hidden" name="lieu" value={filters.venue} /> : null}
      {filters.organizer ? <input type="hidden" name="organisateur" value={filters.organizer} /> : null}
      {filters.words && filters.q ? <input type="hidden" name="mot" value="1" /> : null}
    </>
  );
}
