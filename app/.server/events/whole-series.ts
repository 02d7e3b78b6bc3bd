// A series read whole (the organizer's confirmation, their dashboard) rather than found by a list.
import type { AgendaEvent } from '~/domain/event';
import { summariseSchedule } from '~/domain/schedule-preview';

/**
 * An event read whole (the organizer's confirmation, their dashboard) rather than found by a list: a series is given
 * the count a list would give it, all its dates, so that its card says « Chaque mardi · 18:30 · 8 dates » as the public
 * list will, not one span from its first day to its last. Others, and events found by a list, are left as they are.
 */
export function asWholeSeries(e: AgendaEvent, held?: number): AgendaEvent {
  if (e.occurrence || !e.schedule || e.schedule.kind === 'period') return e;
  // `held`: its dates to come that take place, when known (the dashboard reads them); else all the rule gives.
  const count = held ?? summariseSchedule(e.schedule).count;
  return { ...e, occurrence: { cancelled: false, upcoming: count, matching: count } };
}
