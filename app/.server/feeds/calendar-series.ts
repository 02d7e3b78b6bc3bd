// A series in iCalendar (decision 041): a rule is one VEVENT with its RRULE and EXDATE (excluded dates) in
// Europe/Zurich with its VTIMEZONE, and for each cancelled date an instance of its own (RECURRENCE-ID) marked
// CANCELLED, « Annulé : … », so that calendars show it cancelled rather than losing it (decision 068); a list of dates is one VEVENT per date (RDATE cannot give each its own
// times); a period is one weekly VEVENT per set of days sharing the same opening hours, closed days as EXDATE.
import { TZDate } from '@date-fns/tz';
import type { ICalRepeatingOptions, ICalWeekday } from 'ical-generator';
import { addDaysToDate, TIME_ZONE, zurichIso } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import { openingHoursOn, type Schedule, WEEKDAYS, weekdayOf } from '~/domain/schedule';
import { expandSchedule } from '~/domain/schedule-expand';

const zurich = (iso: string) => new TZDate(new Date(iso).getTime(), TIME_ZONE);

export interface SeriesVEvent {
  /** Added to the event's id in the UID. */
  suffix: string;
  start: TZDate;
  end: TZDate | null;
  repeating: ICalRepeatingOptions | null;
  cancelled: boolean;
  /** One instance of a rule, told apart (RFC 5545 RECURRENCE-ID): its start in the rule. */
  recurrenceId?: TZDate;
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
      // Each cancelled date of the rule: the same UID, its RECURRENCE-ID, CANCELLED (the first one included).
      const cancelledInstances = all
        .filter((o) => cancelled.has(o.startsAt))
        .map((o) => ({
          suffix: '',
          start: zurich(o.startsAt),
          end: o.openEnd ? null : zurich(o.endsAt),
          repeating: null,
          cancelled: true,
          recurrenceId: zurich(o.startsAt),
        }));
      return [
        {
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
        },
        ...cancelledInstances,
      ];
    }
    case 'period': {
      // Days of the week grouped by their hours: « 10:00–18:00 » from Tuesday to Sunday is one VEVENT.
      const groups = new Map<string, string[]>();
      for (const day of WEEKDAYS) {
        const hours = schedule.hours[day];
        if (hours)
          groups.set(`${hours.open}-${hours.close}`, [...(groups.get(`${hours.open}-${hours.close}`) ?? []), day]);
      }
      const result: SeriesVEvent[] = [];
      for (const [key, days] of groups) {
        const [open, close] = key.split('-');
        let first: string | null = null;
        for (let d = schedule.from; d <= schedule.to && !first; d = addDaysToDate(d, 1)) {
          if (days.includes(weekdayOf(d)) && openingHoursOn(schedule, d)) first = d;
        }
        if (!first) continue;
        const start = first;
        const closed = schedule.closed.filter((d) => d > start && days.includes(weekdayOf(d)));
        result.push({
          suffix: `-${days.join('').toLowerCase()}`,
          start: zurich(zurichIso(first, open)),
          end: zurich(zurichIso(first, close)),
          repeating: {
            freq: 'WEEKLY' as never,
            byDay: days as ICalWeekday[],
            until: new Date(zurichIso(schedule.to, '23:59')),
            startOfWeek: 'MO' as ICalWeekday,
            exclude: closed.length ? closed.map((d) => zurich(zurichIso(d, open))) : undefined,
          },
          cancelled: false,
        });
      }
      return result;
    }
  }
}
