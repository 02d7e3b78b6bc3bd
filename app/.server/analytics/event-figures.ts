// What organizers see of their events (issue 74, decision 171): each thing counted as it happens into the aggregates
// of the store (per event, date of a series, week and kind), never a scan of page views. From the browser (the page
// view's beacon, a link's ping or beacon), only with the visitor's audience consent, never a bot's, never the visits
// of those who manage the event or of an admin; nothing of the visitor is kept (no cookie, identifier or address).
import { isbot } from 'isbot';
import { occurrencesOf } from '~/.server/schedule/schedule-expand';
import type { CookieConsent } from '~/domain/consent';
import { isCalendarDate, zurichDay } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import { CLICK_KINDS, type FigureKind, figureWeek } from '~/domain/event-figures';
import { actorsFor } from '~/domain/event-lifecycle';
import type { Store, UserProfile } from '../ports';

export interface FigureDeps {
  store: Store;
  now?: () => Date;
}

type Counted = Pick<AgendaEvent, 'id' | 'category' | 'canton'>;

/**
 * Adds one to an event's `kind` this week (and to its date's, `day` of a series). The one function other features
 * count through: « Mes favoris » calls it with `favorite` when a heart is set. A failed count never fails the action
 * that caused it: it is said in the log and forgotten.
 */
export async function countEventFigure(deps: FigureDeps, event: Counted, kind: FigureKind, day = ''): Promise<void> {
  const now = deps.now ? deps.now() : new Date();
  try {
    await deps.store.stats.countEventFigure({
      eventId: event.id,
      day,
      week: figureWeek(now),
      kind,
      category: event.category,
      canton: event.canton,
    });
  } catch (error) {
    console.warn(`[chiffres] ${kind} de ${event.id} non compté`, error);
  }
}

/** The day of a date of the event's series, as its page's `?date=` says it; '' for anything else. */
function dayOfSeries(event: AgendaEvent, date: string | null | undefined): string {
  if (!date || !event.schedule || !isCalendarDate(date)) return '';
  return occurrencesOf(event).some((o) => zurichDay(o.startsAt) === date) ? date : '';
}

export interface BrowserSignal {
  eventId: string;
  kind: FigureKind;
  /** The `?date=` of a series' page, if any. */
  date?: string | null;
  /** The choice kept in the browser (with JavaScript), when the beacon says it. */
  analytics?: boolean;
  userAgent: string | null;
  consent: CookieConsent | null;
  /** The signed-in account that sent it, if any. */
  viewer: UserProfile | null;
}

export type SignalOutcome = 'counted' | 'ignored';

/** A page view or a click sent by a visitor's browser about an event's page. */
export async function countBrowserSignal(deps: FigureDeps, signal: BrowserSignal): Promise<SignalOutcome> {
  if (signal.kind !== 'view' && !(CLICK_KINDS as readonly string[]).includes(signal.kind)) return 'ignored';
  const allowed = signal.consent ? signal.consent.preferences.analytics : signal.analytics === true;
  if (!allowed || !signal.userAgent || isbot(signal.userAgent)) return 'ignored';
  // An admin's visits, and those of whoever manages the event, are not the audience.
  if (signal.viewer?.role === 'admin') return 'ignored';
  const event = await deps.store.events.findById(signal.eventId);
  if (!event || (event.status !== 'approved' && event.status !== 'cancelled')) return 'ignored';
  if (actorsFor(signal.viewer, event).length > 0) return 'ignored';
  await countEventFigure(deps, event, signal.kind, dayOfSeries(event, signal.date));
  return 'counted';
}

/** The event of a page's path (`/evenement/{id}`), or null. */
export function eventOfPath(path: string): string | null {
  const found = /^\/evenement\/([^/?#]+)$/.exec(path);
  return found ? decodeURIComponent(found[1]) : null;
}
