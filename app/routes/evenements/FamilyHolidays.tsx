// « Avec les enfants pendant les vacances (VD) »: « En famille » and the school holidays of the chosen canton in one
// step (issue 51), the other filters kept; shown once a canton is chosen and until both are on, and not beside dates
// (« ce week-end » outside the holidays would list nothing).
import { Link } from '~/components/Link';
import { type EventFilters, filtersToParams } from '~/domain/event-filters';

export function FamilyHolidays({ filters, extra }: { filters: EventFilters; extra: Record<string, string> }) {
  if (!filters.canton || (filters.family && filters.holidays === filters.canton)) return null;
  if (filters.when || filters.from || filters.to) return null;
  const params = filtersToParams({ ...filters, family: true, holidays: filters.canton, q: filters.q }, extra);
  return (
    <Link className="family-holidays" to={`/evenements?${params}`} data-testid="family-holidays">
      Avec les enfants pendant les vacances ({filters.canton})
    </Link>
  );
}

/** The dates of the holidays filtered on, above the list: a parent plans with them (the chip names only the canton). */
export function HolidayDates({ canton, periods }: { canton: string; periods: string[] }) {
  return (
    <div className="holiday-dates" data-testid="holiday-dates">
      <p>Vacances scolaires ({canton})&nbsp;:</p>
      <ul>
        {periods.map((period) => (
          <li key={period}>{period}</li>
        ))}
      </ul>
    </div>
  );
}
