// A series in iCalendar (decisions 041, 067 and 124): a rule or a list of dates is one VEVENT per date, with the UID
// that date has in every feed (an RRULE under the event's UID made a second copy of each date beside the feeds), a
// cancelled date « Annulé : », STATUS:CANCELLED, so that a calendar says it rather than drop it; a period (an
// exhibition) is one all-day VEVENT over its days, free time (TRANSP), its hours and closing days in its description:
// not one entry per open day for months.
import { TZDate } from '@date-fns/tz';
import { expandSchedule } from '~/.server/schedule/schedule-expand';
import { addDaysToDate, TIME_ZONE, zurichIso } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import type { Schedule } from '~/domain/schedule';
import { openBounds } from '~/domain/schedule-days';
import { describeSchedule } from '~/domain/schedule-text';

const zurich = (iso: string) => new TZDate(new Date(iso).getTime(), TIME_ZONE);

export interface SeriesVEvent {
  /** Added to the event's id in the UID. */
  suffix: string;
  start: TZDate;
  end: TZDate | null;
  cancelled: boolean;
  /** A period: all day, over its days, shown as free time, its hours and closing days said first. */
  allDay?: boolean;
  transparent?: boolean;
  note?: string;
}

const stampOf = (iso: string) => iso.slice(0, 16).replace(/[-:]/g, '');

/** The VEVENTs of a series. */
export function seriesVEvents(event: AgendaEvent, schedule: Schedule): SeriesVEvent[] {
  const cancelled = new Set(event.cancelledDates ?? []);
  switch (schedule.kind) {
    // A rule as a list of dates: one VEVENT per date (its exclusions left out), each with the UID it has in every
    // feed (the event's id and the date's start), so that a subscriber who also imports the event's file gets each
    // date once (decision 124); a cancelled date is its own VEVENT, « Annulé : », STATUS:CANCELLED.
    case 'dates':
    case 'rule':
      return expandSchedule(schedule, Number.POSITIVE_INFINITY).map((o) => ({
        suffix: `-${stampOf(o.startsAt)}`,
        start: zurich(o.startsAt),
        end: o.openEnd ? null : zurich(o.endsAt),
        cancelled: cancelled.has(o.startsAt),
      }));
    case 'period': {
      // Its first and last open days, as the page says them (issue 47).
      const open = openBounds(schedule);
      return [
        {
          suffix: '',
          start: zurich(zurichIso(open.from, '00:00')),
          end: zurich(zurichIso(addDaysToDate(open.to, 1), '00:00')),
          cancelled: false,
          allDay: true,
          transparent: true,
          note: describeSchedule(schedule),
        },
      ];
    }
  }
}
