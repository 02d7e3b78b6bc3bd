import { Link } from '@remix-run/react';
import { CANTON_NAMES } from '~/domain/cantons';
import { categoryLabel, DEFAULT_CATEGORIES } from '~/domain/categories';
import type { EventCardData } from '~/domain/event-card';
import { formatEventShort } from '~/domain/event-dates';
import { formatPrice } from '~/domain/price';

export function EventCard({ event }: { event: EventCardData }) {
  const color = DEFAULT_CATEGORIES.find((c) => c.slug === event.category)?.color ?? '#555';
  return (
    <article className="event-card" style={{ '--category-color': color } as React.CSSProperties}>
      <p className="event-card__category">{categoryLabel(event.category)}</p>
      <h3 className="event-card__title">
        <Link to={`/evenement/${event.id}`}>{event.title}</Link>
      </h3>
      <p className="event-card__when">
        <time dateTime={event.startsAt}>{formatEventShort(event)}</time>
      </p>
      <p className="event-card__where">
        {event.venueName ? `${event.venueName}, ` : ''}
        {event.city} ({CANTON_NAMES[event.canton]})
      </p>
      <p className="event-card__tags">
        <span className="tag">{formatPrice(event)}</span>
        {event.familyFriendly ? <span className="tag">En famille</span> : null}
        {event.status === 'cancelled' ? <span className="tag tag--danger">Annulé</span> : null}
      </p>
    </article>
  );
}
