import { Link } from '~/components/Link';
import { cantonAfter } from '~/domain/cantons';
import { formatShortDate } from '~/domain/dates';
import type { EventCardData } from '~/domain/event-card';
import { formatEventShort } from '~/domain/event-dates';
import { imageSrcSet, imageUrl } from '~/domain/images';
import { formatPrice } from '~/domain/price';
import { FavouriteButton } from './favourites/FavouriteButton';
import { UnbrokenEnd } from './UnbrokenEnd';
import { useCategory } from './useCategories';

/**
 * Which width of the picture the browser needs: a thumbnail beside the text on a phone, the card's width in the grid
 * above (see .event-card in app/styles/site.css).
 */
const CARD_IMAGE_SIZES = '(max-width: 599px) 112px, (max-width: 1120px) 45vw, 360px';

/**
 * One event in a list. `time` replaces the date when the list already gives the day (« 20:00 » under « Samedi 28
 * novembre »). The picture is the event's (lazy, from the generated widths) or its category's drawing; its box has a
 * fixed ratio, so nothing moves when it arrives. Each text is one string: one text node for React to write, not five.
 */
export function EventCard({
  event,
  time,
  eager = false,
}: {
  event: EventCardData;
  time?: string;
  /** The first cards of a page: loaded at once (they are the page's largest paint), the rest lazily. */
  eager?: boolean;
}) {
  const category = useCategory(event.category);
  return (
    <article className="event-card" style={{ '--category-color': category.color } as React.CSSProperties}>
      {event.image ? (
        <div className="event-card__media">
          <img
            src={imageUrl(event.image.path, 400)}
            srcSet={imageSrcSet(event.image.path)}
            sizes={CARD_IMAGE_SIZES}
            width={event.image.width}
            height={event.image.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        </div>
      ) : (
        // Its category's drawing, from the stylesheet (category-art.css, decision 107).
        <div className="event-card__media" data-art={event.category} />
      )}
      <div className="event-card__body">
        <p className="event-card__category">{category.label}</p>
        <h3 className="event-card__title">
          <Link to={`/evenement/${event.id}${event.linkDay ? `?date=${event.linkDay}` : ''}`}>{event.title}</Link>
        </h3>
        {event.series?.timed && time ? (
          // Under its day's heading, a series gives its rule and time once: « Chaque mardi · 18:30 · 29 dates ».
          <p className={event.dateCancelled ? 'event-card__when event-card__when--cancelled' : 'event-card__when'}>
            <time dateTime={event.startsAt}>
              <UnbrokenEnd text={event.series.text} after=" · " />
            </time>
          </p>
        ) : (
          <>
            <p className={event.dateCancelled ? 'event-card__when event-card__when--cancelled' : 'event-card__when'}>
              {/* A series that gives its time in its rule: the day alone here, not the time twice. */}
              <time dateTime={event.startsAt}>
                {time ?? (event.series?.timed ? formatShortDate(event.startsAt) : formatEventShort(event))}
              </time>
            </p>
            {event.series ? (
              <p className="event-card__series">
                <UnbrokenEnd text={event.series.text} after=" · " />
              </p>
            ) : null}
          </>
        )}
        {event.opening ? (
          <p className="event-card__opening">
            <UnbrokenEnd text={event.opening} after=" " />
          </p>
        ) : null}
        {event.dayStatus ? (
          <p className="event-card__day-status" data-testid="card-day-status">
            {event.dayStatus}
            {event.dayNote ? ` — ${event.dayNote}` : ''}
          </p>
        ) : null}
        <p className="event-card__where">
          {`${event.venueName ? `${event.venueName}, ` : ''}${event.city}${cantonAfter(event.city, event.canton)}${event.distance ? ` · ${event.distance}` : ''}`}
        </p>
        <p className="event-card__tags">
          <span className="tag">{formatPrice(event)}</span>
          {event.familyFriendly ? <span className="tag">En famille</span> : null}
          {event.holiday ? <span className="tag tag--holiday">{event.holiday}</span> : null}
          {event.registration ? <span className="tag tag--registration">{event.registration}</span> : null}
          {event.status === 'cancelled' || event.dateCancelled ? <span className="tag tag--danger">Annulé</span> : null}
        </p>
        <FavouriteButton favourite={{ eventId: event.id, startsAt: null }} title={event.title} />
      </div>
    </article>
  );
}
