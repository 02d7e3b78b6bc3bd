// On a phone, what one needs to decide, always at hand: the date, the price, and the tickets or the calendar.
import type { useLoaderData } from '@remix-run/react';
import { formatEventShort } from '~/domain/event-dates';
import { formatPrice } from '~/domain/price';
import { CALENDAR_ANCHOR } from './EventFacts';
import type { loader } from './route';

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export function EventBar({ event, series }: { event: Loaded['event']; series: Loaded['series'] }) {
  // A series: the bar gives the linked date, else the next one (a period spans its days, as the event does).
  const barDate: { startsAt: string; endsAt: string; allDay: boolean; cancelled?: boolean } =
    (series && series.kind !== 'period' ? (series.chosen ?? series.upcoming.find((d) => !d.cancelled)) : null) ?? event;
  return (
    <div className="event-bar" data-testid="event-bar">
      <p className="event-bar__info">
        {/* « mer. 2 déc. · 12:00 » may take two lines, never one that starts with the dot. */}
        <time dateTime={barDate.startsAt}>{formatEventShort(barDate).replaceAll(' · ', '\u00a0· ')}</time>
        <span>{formatPrice(event)}</span>
      </p>
      {event.status === 'cancelled' || barDate.cancelled ? (
        <span className="chip chip--danger">Annulé</span>
      ) : event.ticketUrl ? (
        <a className="button button--primary" href={event.ticketUrl} rel="noopener noreferrer">
          Billetterie
        </a>
      ) : (
        <a className="button button--primary" href={`#${CALENDAR_ANCHOR}`}>
          Ajouter au calendrier
        </a>
      )}
    </div>
  );
}
