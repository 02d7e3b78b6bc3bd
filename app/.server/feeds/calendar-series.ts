// A series in iCalendar (decisions 041 and 067): a rule is one VEVENT with its RRULE and EXDATE (the organizer's
// exclusions) in Europe/Zurich with its VTIMEZONE, and one override per cancelled date (RECURRENCE-ID, STATUS:CANCELLED,
// « Annulé : ») so that a calendar says it rather than drop it; a list of dates is one VEVENT per date (RDATE cannot
// give each its own times); a period (an exhibition) is one all-day VEVENT over its days, free time (TRANSP), its
// hours and closing days in its description: not one entry per open day for months.
import { TZDate } from '@date-fns/tz';
import type { ICalRepeatingOptions, ICalWeekday } from 'ical-generator';
import { expandSchedule } from '~/.server/schedule/schedule-expand';
import { addDaysToDate, TIME_ZONE, zurichIso } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import { type Schedule, WEEKDAYS } from '~/domain/schedule';
import { openBounds } from '~/domain/schedule-days';
import { describeSchedule } from '~/domain/schedule-text';

const zurich = (iso: string) => new TZDate(new Date(iso).getTime(), TIME_ZONE);

export interface SeriesVEvent {
  /** Added to the event's id in the UID. */
  suffix: string;
  start: TZDate;
  end: TZDate | null;
  repeating: ICalRepeatingOptions | null;
  cancelled: boolean;
  /** An override of one date of the rule (its start): a cancelled date. */
  recurrenceId?: TZDate;
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
    case 'dates':
      return expandSchedule(schedule, Number.POSITIVE_INFINITY).map((o) => ({
        suffix: `-${stampOf(o.startsAt)}`,
        start: zurich(o.startsAt),
        end: o.openEnd ? null : zurich(o.endsAt),
        repeating: null,
        cancelled: cancelled.has(o.startsAt),
      }));
    case 'rule': {
      const all = expandSchedule(schedule, Number.POSITIVE_INFINITY);
      const first = all[0];
      if (!first) return [];
      const monthly = schedule.freq === 'monthly' ? schedule.monthly : null;
      const excluded = schedule.exclude.map((day) => zurichIso(day, schedule.start));
      const master: SeriesVEvent = {
        suffix: '',
        start: zurich(first.startsAt),
        end: first.openEnd ? null : zurich(first.endsAt),
        repeating: {
          freq: schedule.freq === 'weekly' ? ('WEEKLY' as never) : ('MONTHLY' as never),
          interval: schedule.interval > 1 ? schedule.interval : undefined,
          byDay:
            schedule.freq === 'weekly'
              ? (WEEKDAYS.filter((d) => schedule.byDay.includes(d)) as ICalWeekday[])
              : monthly?.mode === 'weekday'
                ? [monthly.weekday as ICalWeekday]
                : undefined,
          bySetPos: monthly?.mode === 'weekday' ? [monthly.nth] : undefined,
          byMonthDay: monthly?.mode === 'monthday' ? [monthly.day] : undefined,
          count: schedule.count ?? undefined,
          until: schedule.until ? new Date(zurichIso(schedule.until, '23:59')) : undefined,
          startOfWeek: 'MO' as ICalWeekday,
          exclude: excluded.length ? excluded.map(zurich) : undefined,
        },
        cancelled: false,
      };
      // A cancelled date stays in the rule and is overridden as cancelled (same UID, its RECURRENCE-ID).
      const overrides = all
        .filter((o) => cancelled.has(o.startsAt))
        .map(
          (o): SeriesVEvent => ({
            suffix: '',
            start: zurich(o.startsAt),
            end: o.openEnd ? null : zurich(o.endsAt),
            repeating: null,
            cancelled: true,
            recurrenceId: zurich(o.startsAt),
          }),
        );
      return [master, ...overrides];
    }
    case 'period': {
      // Its first and last open days, as the page says them (issue 47).
      const open = openBounds(schedule);
      return [
        {
          suffix: '',
          start: zurich(zurichIso(open.from, '00:00')),
          end: zurich(zurichIso(addDaysToDate(open.to, 1), '00:00')),
          repeating: null,
          cancelled: false,
          allDay: true,
          transparent: true,
          note: describeSchedule(schedule),
        },
      ];
    }
  }
}
