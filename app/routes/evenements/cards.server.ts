// The cards of a page of /evenements, each with what its date offers to book (issue 73): the page's openings are read
// in one query of the store, never one per card.
import type { Store } from '~/.server/ports';
import { registrationsOf } from '~/.server/registrations/registrations';
import type { AgendaEvent } from '~/domain/event';
import { toEventCard } from '~/domain/event-card';
import type { EventFilters } from '~/domain/event-filters';
import { lookedAtDays } from '~/domain/opening-text';
import type { SchoolHoliday } from '~/domain/school-holidays';

export async function pageCards(
  { store }: { store: Store },
  events: readonly AgendaEvent[],
  opts: {
    /** The days the list looks at, for an exhibition's hours: « demain », « ce week-end »… */
    window: { start: Date; end: Date } | null;
    filters: Pick<EventFilters, 'near' | 'holidays'>;
    holidays: readonly SchoolHoliday[];
    now: Date;
  },
) {
  const { window, filters, holidays, now } = opts;
  const registration = await registrationsOf({ store }, events, now);
  return events.map((e) =>
    toEventCard(e, {
      days: lookedAtDays(e.schedule, window, now),
      now,
      near: filters.near,
      holidays,
      holidaysOf: filters.holidays,
      registration: registration(e),
    }),
  );
}
