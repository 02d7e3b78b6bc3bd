// On a phone, what one needs to decide, always at hand: the date, the price, and the tickets or the calendar.
import type { useLoaderData } from '@remix-run/react';
import { useFigurePing } from '~/components/figure-ping';
import { formatEventShort } from '~/domain/event-dates';
import { formatPrice } from '~/domain/price';
import { CALENDAR_ANCHOR } from './EventFacts';
import type { loader } from './route';

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * The bar's date on one line (« mer. 2 déc. · 12:00 », « ven. 4 déc. · 21:00 – 01:30 »); a span too long for it breaks
 * after its arrow only, never within a day or before the dot.
 */
const barText = (text: string) => text.replaceAll(' ', '\u00a0').replaceAll('\u00a0→\u00a0', '\u00a0→ ');

export function EventBar({ event, series }: { event: Loaded['event']; series: Loaded['series'] }) {
  // A series: the bar gives the linked date, else the next one (a period spans its days, as the event does).
  const barDate: { startsAt: string; endsAt: string; allDay: boolean; cancelled?: boolean } =
    (series && series.kind !== 'period' ? (series.chosen ?? series.upcoming.find((d) => !d.cancelled)) : null) ?? event;
  const counted = useFigurePing(event.id);
  return (
    <div className="event-bar" data-testid="event-bar">
      <p className="event-bar__info">
        <time dateTime={barDate.startsAt}>{barText(formatEventShort(barDate))}</time>
        <span>{formatPrice(event)}</span>
      </p>
      {event.status === 'cancelled' || barDate.cancelled ? (
        <span className="chip chip--danger">Annulé</span>
      ) : event.ticketUrl ? (
        <a className="button button--primary" href={event.ticketUrl} rel="noopener noreferrer" {...counted('tickets')}>
          Billetterie
        </a>
      ) : (
        // « Calendrier » seen, « Ajouter au calendrier » heard: a short button leaves the date its one line (issue 70).
        <a className="button button--primary" href={`#${CALENDAR_ANCHOR}`} aria-label="Ajouter au calendrier">
          Calendrier
        </a>
      )}
    </div>
  );
}
