// Google Agenda's « ajouter » form for an event, its rule carried along (decision 067): a weekly series is one
// repeating entry (`recur`: RRULE and EXDATE) from its next date, not one entry of seven months; a list of dates gives
// the date the page shows; an exhibition is one all-day entry over its days, its hours and closing days said first.
import { googleCalendarUrl, utcStamp } from '~/domain/calendar-links';
import { zurichIso } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import { type ScheduleRule, WEEKDAYS } from '~/domain/schedule';
import { expandSchedule, type Occurrence } from '~/domain/schedule-expand';
import { describeSchedule } from '~/domain/schedule-text';

/** The RRULE and EXDATE lines of a rule repeated from `first` (one of its dates) to its last date `last`. */
export function recurLines(rule: ScheduleRule, first: Occurrence, last: Occurrence, skipped: readonly string[]) {
  const parts = [`FREQ=${rule.freq === 'weekly' ? 'WEEKLY' : 'MONTHLY'}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.freq === 'weekly') parts.push(`BYDAY=${WEEKDAYS.filter((d) => rule.byDay.includes(d)).join(',')}`);
  else if (rule.monthly?.mode === 'weekday') parts.push(`BYDAY=${rule.monthly.nth}${rule.monthly.weekday}`);
  else if (rule.monthly?.mode === 'monthday') parts.push(`BYMONTHDAY=${rule.monthly.day}`);
  parts.push('WKST=MO');
  // Until the end of its last date's day (a count becomes a last date: the entry starts later than the rule).
  const lastDay = last.startsAt.slice(0, 10);
  parts.push(`UNTIL=${utcStamp(zurichIso(lastDay, '23:59'))}`);
  const lines = [`RRULE:${parts.join(';')}`];
  const from = Date.parse(first.startsAt);
  const exdates = [...new Set(skipped)].filter((iso) => Date.parse(iso) > from).sort();
  if (exdates.length) lines.push(`EXDATE:${exdates.map(utcStamp).join(',')}`);
  return lines;
}

/**
 * The Google Agenda link of an event page. `date`: the series date the page shows (a list of dates gives that one);
 * `now`: past dates of a rule are left out, the entry starts at the next one.
 */
export function eventGoogleCalendarUrl(
  event: AgendaEvent,
  eventUrl: string,
  date: { startsAt: string; endsAt: string; openEnd: boolean } | null,
  now: Date = new Date(),
): string {
  const schedule = event.schedule;
  if (!schedule) return googleCalendarUrl(event, eventUrl);
  if (schedule.kind === 'period') {
    const days = { startsAt: zurichIso(schedule.from, '00:00'), endsAt: zurichIso(schedule.to, '23:59') };
    return googleCalendarUrl({ ...event, ...days, allDay: true }, eventUrl, { note: describeSchedule(schedule) });
  }
  if (schedule.kind === 'dates') return googleCalendarUrl({ ...event, ...(date ?? {}) }, eventUrl);
  const all = expandSchedule(schedule, Number.POSITIVE_INFINITY);
  const cancelled = new Set(event.cancelledDates ?? []);
  const ahead = all.filter((o) => Date.parse(o.endsAt) > now.getTime() && !cancelled.has(o.startsAt));
  const first = ahead[0] ?? all.at(-1);
  const last = all.at(-1);
  if (!first || !last) return googleCalendarUrl(event, eventUrl);
  // Skipped: the organizer's exclusions and the cancelled dates, at the rule's time.
  const skipped = [...schedule.exclude.map((day) => zurichIso(day, schedule.start)), ...cancelled];
  const recur = first === last ? [] : recurLines(schedule, first, last, skipped);
  return googleCalendarUrl({ ...event, ...first }, eventUrl, { recur });
}
