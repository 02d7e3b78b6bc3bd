// « Vos favoris cette semaine » on the home page (issue 74, decision 173): the week is Monday to Sunday in Zurich, of
// the instant the code is given; a favourite is of the week when it takes place on one of its days.
import { addDaysToDate, zurichClock, zurichDay } from './dates';

/** The Monday and the Sunday (YYYY-MM-DD) of the Zurich week of `now`. */
export function zurichWeek(now: Date): { monday: string; sunday: string } {
  const { day, weekday } = zurichClock(now);
  const monday = addDaysToDate(day, -((weekday + 6) % 7));
  return { monday, sunday: addDaysToDate(monday, 6) };
}

/** Whether a date (start and end instants) meets the Zurich week of `now`. */
export function inZurichWeek(dates: { startsAt: string; endsAt: string }, now: Date): boolean {
  const { monday, sunday } = zurichWeek(now);
  return zurichDay(dates.startsAt) <= sunday && zurichDay(dates.endsAt) >= monday;
}
