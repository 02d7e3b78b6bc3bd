// A series read whole (the organizer's confirmation, their dashboard) rather than found by a list.
import type { AgendaEvent } from '~/domain/event';
import { summariseSchedule } from '~/domain/schedule-preview';

/**
 * An event read whole (the organizer's confirmation, their dashboard) rather than found by a list: a series is given
 * the count a list would give it, all its dates, so that its card says « Chaque mardi · 18:30 · 8 dates » as the public
 * list will, not one span from its first day to its last. Others, and events found by a list, are left as they are.
 */
export function asWholeSeries(e: AgendaEvent, held?: number): AgendaEvent {
  const all = e.occurrence ? null : seriesDateCount(e);
  if (all === null) return e;
  // `held`: its dates to come that take place, when known (the dashboard reads them); else all the rule gives.
  const count = held ?? all;
  return { ...e, occurrence: { cancelled: false, upcoming: count, matching: count } };
}

/** How many dates a series' schedule gives (a rule, or a list of dates); null for a single event or an exhibition. */
export function seriesDateCount(e: Pick<AgendaEvent, 'schedule'>): number | null {
  if (!e.schedule || e.schedule.kind === 'period') return null;
  return summariseSchedule(e.schedule).count;
}
