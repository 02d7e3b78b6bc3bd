// The active filters of the list as chips (« Ce week-end », « Gratuit », « Vaud »), each with the address of the
// same list without it.
import { CANTON_NAMES } from '~/domain/cantons';
import { zurichToday } from '~/domain/dates';
import { describeNear } from '~/domain/distance';
import { type EventFilters, listPath, whenLabel } from '~/domain/event-filters';
import { quoted } from '~/domain/quoted';

export interface FilterChip {
  key: string;
  label: string;
  /** The list without this filter. */
  href: string;
}

/** « 05.12 », or « 05.12.2025 » for a day of another year than today's (a year typed wrong shows). */
const numericDay = (ymd: string, now: Date) => {
  const [year, month, day] = ymd.split('-');
  return year === zurichToday(now).slice(0, 4) ? `${day}.${month}` : `${day}.${month}.${year}`;
};

export function filterChips(
  filters: EventFilters,
  categoryName: string,
  extra: Record<string, string>,
  places: { venueName?: string; organizerName?: string } = {},
  now = new Date(),
): FilterChip[] {
  const without = (change: Partial<EventFilters>) => listPath({ ...filters, ...change }, extra);
  const chips: FilterChip[] = [];
  if (filters.q) chips.push({ key: 'q', label: quoted(filters.q), href: without({ q: '' }) });
  if (filters.when) {
    // « Cette semaine, jusqu’au dim. 6 déc. » on a Sunday: the chip says which week (issue 70).
    const label = whenLabel(filters.when, now);
    chips.push({ key: 'when', label, href: without({ when: '' }) });
  }
  if (!filters.when && (filters.from || filters.to)) {
    // One day chosen (« Le 05.12 »), not « Du 05.12 au 05.12 ».
    const label =
      filters.from && filters.from === filters.to
        ? `le ${numericDay(filters.from, now)}`
        : [
            filters.from ? `du ${numericDay(filters.from, now)}` : '',
            // « Au 05.12 » alone reads as a day; « Jusqu’au 05.12 » says the list runs to it.
            filters.to ? `${filters.from ? 'au' : 'jusqu’au'} ${numericDay(filters.to, now)}` : '',
          ]
            .filter(Boolean)
            .join(' ');
    chips.push({
      key: 'range',
      label: label.charAt(0).toUpperCase() + label.slice(1),
      href: without({ from: '', to: '' }),
    });
  }
  if (filters.category) chips.push({ key: 'category', label: categoryName, href: without({ category: '' }) });
  if (filters.canton) chips.push({ key: 'canton', label: CANTON_NAMES[filters.canton], href: without({ canton: '' }) });
  if (filters.near) {
    const label = describeNear(filters.near);
    chips.push({ key: 'near', label: label.charAt(0).toUpperCase() + label.slice(1), href: without({ near: null }) });
  }
  if (filters.venue)
    chips.push({ key: 'venue', label: places.venueName ?? filters.venue, href: without({ venue: '' }) });
  if (filters.organizer)
    chips.push({
      key: 'organizer',
      label: places.organizerName ?? filters.organizer,
      href: without({ organizer: '' }),
    });
  if (filters.holidays)
    chips.push({
      key: 'holidays',
      label: `Vacances scolaires (${filters.holidays})`,
      href: without({ holidays: '' }),
    });
  if (filters.free) chips.push({ key: 'free', label: 'Gratuit', href: without({ free: false }) });
  if (filters.family) chips.push({ key: 'family', label: 'En famille', href: without({ family: false }) });
  if (filters.accessible) chips.push({ key: 'accessible', label: 'Accessible', href: without({ accessible: false }) });
  return chips;
}
