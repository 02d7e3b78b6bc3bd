// « Lieu »: the venue, its address, a map when it has a position and, before the event, the way there by train.
import type { useLoaderData } from '@remix-run/react';
import { LazyEventsMap } from '~/components/map/LazyEventsMap';
import { CANTON_NAMES } from '~/domain/cantons';
import type { loader } from './route';

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export function EventPlace({
  event,
  isPast,
  sbbUrl,
  map,
}: {
  event: Loaded['event'];
  isPast: boolean;
  /** The SBB timetable to the event's town, built by the loader. */
  sbbUrl: string;
  map: { tileUrl: string; attribution: string };
}) {
  const address = [event.street, [event.postalCode, event.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <section aria-labelledby="where-title">
      <h2 id="where-title">Lieu</h2>
      <p>
        <strong>{event.venueName || event.city}</strong>
        <br />
        {address} ({CANTON_NAMES[event.canton]})
      </p>
      {event.lat != null && event.lng != null ? (
        <LazyEventsMap
          single
          whenVisible
          height={260}
          label={`Carte : ${event.venueName || event.city}`}
          config={map}
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
      {!isPast ? (
        <p>
          <a href={sbbUrl} rel="noopener noreferrer" className="button">
            Y aller en transports publics (CFF)
          </a>
        </p>
      ) : null}
    </section>
  );
}
