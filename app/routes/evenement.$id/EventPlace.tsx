// « Lieu »: the venue, its address as a link to a map, « Itinéraire » in the phone's maps, the way there by train to
// the venue for the date shown, and a map when it has a position (decision 067). Everything but the map works
// without JavaScript, and without it the page says nothing of the map.
import type { useLoaderData } from '@remix-run/react';
import { useFigurePing } from '~/components/figure-ping';
import { Link } from '~/components/Link';
import { LazyEventsMap } from '~/components/map/LazyEventsMap';
import { CANTON_NAMES } from '~/domain/cantons';
import type { loader } from './route';

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export function EventPlace({
  event,
  venueSlug,
  isPast,
  links,
  map,
  children,
}: {
  event: Loaded['event'];
  /** The venue's page (issue 36), when its record is approved. */
  venueSlug: string | null;
  isPast: boolean;
  /** Built by the loader: the SBB timetable, the directions and the address on a map. */
  links: Loaded['links'];
  map: { tileUrl: string; attribution: string };
  /** « Dernier retour » (issue 51), after the ways there and the map. */
  children?: React.ReactNode;
}) {
  const counted = useFigurePing(event.id);
  const address = [event.street, [event.postalCode, event.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <section aria-labelledby="where-title" className="event-place">
      <h2 id="where-title">Lieu</h2>
      <p className="event-place__address" data-testid="venue-address">
        <strong>
          {venueSlug ? (
            <Link to={`/lieux/${venueSlug}`} data-testid="venue-link">
              {event.venueName || event.city}
            </Link>
          ) : (
            event.venueName || event.city
          )}
        </strong>
        <br />
        <a href={links.addressMap} rel="noopener noreferrer">
          {address} ({CANTON_NAMES[event.canton]})
        </a>
      </p>
      <p className="event-place__actions">
        <a
          href={links.directions}
          rel="noopener noreferrer"
          className="button button--primary"
          {...counted('directions')}
        >
          Itinéraire
        </a>
        {!isPast ? (
          <a href={links.sbb} rel="noopener noreferrer" className="button" {...counted('transit')}>
            Y aller en transports publics (CFF)
          </a>
        ) : null}
      </p>
      <p className="event-place__more">
        <a href={links.appleMaps} rel="noopener noreferrer" {...counted('directions')}>
          Ouvrir dans Plans (iPhone)
        </a>
      </p>
      {event.lat != null && event.lng != null ? (
        <LazyEventsMap
          single
          whenVisible
          height={260}
          label={`Carte\u00a0: ${event.venueName || event.city}`}
          config={map}
          noScript={null}
          points={[
            {
              id: event.id,
              title: event.title,
              lat: event.lat,
              lng: event.lng,
              startsAt: event.startsAt,
              endsAt: event.endsAt,
              allDay: event.allDay,
              city: event.city,
              category: event.category,
            },
          ]}
        />
      ) : null}
      {/* After the map: the map is the place's, « Dernier retour » a question of its own under it. */}
      {children}
    </section>
  );
}
