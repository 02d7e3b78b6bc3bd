// Google Agenda's « ajouter » form for an event, its rule carried along (decision 067): a weekly series is one
// repeating entry (`recur`: RRULE and EXDATE) from its next date, not one entry of seven months; a list of dates gives
// the date the page shows; an exhibition is one all-day entry over its days, its hours and closing days said first.
import { googleCalendarUrl, utcStamp } from '~/domain/calendar-links';
import { zurichDay, zurichIso } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import { type ScheduleRule, WEEKDAYS } from '~/domain/schedule';
import { openBounds } from '~/domain/schedule-days';
import { describeSchedule } from '~/domain/schedule-text';

/**
 * The RRULE and EXDATE lines of a rule repeated from `first` (one of its dates, ISO) to the day `lastDay` (its last
 * date's, YYYY-MM-DD): a count becomes a last date, since the entry may start later than the rule.
 */
export function recurLines(rule: ScheduleRule, first: string, lastDay: string, skipped: readonly string[]) {
  const parts = [`FREQ=${rule.freq === 'weekly' ? 'WEEKLY' : 'MONTHLY'}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.freq === 'weekly') parts.push(`BYDAY=${WEEKDAYS.filter((d) => rule.byDay.includes(d)).join(',')}`);
  else if (rule.monthly?.mode === 'weekday') parts.push(`BYDAY=${rule.monthly.nth}${rule.monthly.weekday}`);
  else if (rule.monthly?.mode === 'monthday') parts.push(`BYMONTHDAY=${rule.monthly.day}`);
  parts.push('WKST=MO', `UNTIL=${utcStamp(zurichIso(lastDay, '23:59'))}`);
  const lines = [`RRULE:${parts.join(';')}`];
  const from = Date.parse(first);
  const exdates = [...new Set(skipped)].filter((iso) => Date.parse(iso) > from).sort();
  if (exdates.length) lines.push(`EXDATE:${exdates.map(utcStamp).join(',')}`);
  return lines;
}

/**
 * The Google Agenda link of an event page. `date`: the date the page shows (a series: the one linked, else its next
 * one not cancelled, from its stored dates); a rule repeats from there. Nothing is expanded here: the rule's last day
 * is its end date, or the event's own end (the last date of the series).
 */
export function eventGoogleCalendarUrl(
  event: AgendaEvent,
  eventUrl: string,
  date: { startsAt: string; endsAt: string; openEnd: boolean } | null,
): string {
  const schedule = event.schedule;
  if (!schedule) return googleCalendarUrl(event, eventUrl);
  if (schedule.kind === 'period') {
    // Its first and last open days, as the page says them (issue 47).
    const open = openBounds(schedule);
    const days = { startsAt: zurichIso(open.from, '00:00'), endsAt: zurichIso(open.to, '23:59') };
    return googleCalendarUrl({ ...event, ...days, allDay: true }, eventUrl, { note: describeSchedule(schedule) });
  }
  const shown = { ...event, ...(date ?? {}) };
  if (schedule.kind === 'dates' || !date) return googleCalendarUrl(shown, eventUrl);
  const lastDay = schedule.until || zurichDay(event.endsAt);
  // Skipped: the organizer's exclusions and the cancelled dates, at the rule's time.
  const skipped = [...schedule.exclude.map((day) => zurichIso(day, schedule.start)), ...(event.cancelledDates ?? [])];
  const recur = zurichDay(date.startsAt) >= lastDay ? [] : recurLines(schedule, date.startsAt, lastDay, skipped);
  return googleCalendarUrl(shown, eventUrl, { recur });
}
