import { Link } from '@remix-run/react';
import { CANTON_NAMES } from '~/domain/cantons';
import type { EventCardData } from '~/domain/event-card';
import { formatEventShort } from '~/domain/event-dates';
import { formatPrice } from '~/domain/price';
import { useCategory } from './useCategories';

export function EventCard({ event }: { event: EventCardData }) {
  const category = useCategory(event.category);
  return (
    <article className="event-card" style={{ '--category-color': category.color } as React.CSSProperties}>
      <p className="event-card__category">{category.label}</p>
      <h3 className="event-card__title">
        <Link to={`/evenement/${event.id}${event.occurrenceDay ? `?date=${event.occurrenceDay}` : ''}`}>
          {event.title}
        </Link>
      </h3>
      <p className="event-card__when">
        <time dateTime={event.startsAt}>{formatEventShort(event)}</time>
        {otherDatesText(event.otherDates)}
      </p>
      {event.openingToday ? <p className="event-card__opening">{event.openingToday}</p> : null}
      <p className="event-card__where">
        {event.venueName ? `${event.venueName}, ` : ''}
        {event.city} ({CANTON_NAMES[event.canton]})
      </p>
      <p className="event-card__tags">
        <span className="tag">{formatPrice(event)}</span>
        {event.familyFriendly ? <span className="tag">En famille</span> : null}
        {event.status === 'cancelled' || event.dateCancelled ? <span className="tag tag--danger">Annulé</span> : null}
      </p>
    </article>
  );
}

/** « + 11 autres dates », « + 1 autre date ». */
const otherDatesText = (n: number) => (n > 0 ? ` + ${n} autre${n > 1 ? 's' : ''} date${n > 1 ? 's' : ''}` : null);
