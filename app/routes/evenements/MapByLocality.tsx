// The map view without JavaScript (issue 47): instead of an empty box and « 100 événements sur la carte », the same
// events by locality, each with its way there in the phone's maps (« Itinéraire »); no tiles are fetched for it.
import { Link } from '~/components/Link';
import { directionsLinks } from '~/domain/calendar-links';
import type { EventMapPoint } from '~/domain/event';
import { formatEventShort } from '~/domain/event-dates';

/** The points by locality: the one with the most events first, then by name; each in date order. */
export function byLocality(points: EventMapPoint[]): { city: string; points: EventMapPoint[] }[] {
  const groups = new Map<string, EventMapPoint[]>();
  for (const p of points) groups.set(p.city, [...(groups.get(p.city) ?? []), p]);
  return [...groups]
    .map(([city, list]) => ({ city, points: list.sort((a, b) => a.startsAt.localeCompare(b.startsAt)) }))
    .sort((a, b) => b.points.length - a.points.length || a.city.localeCompare(b.city, 'fr'));
}

export function MapByLocality({ points }: { points: EventMapPoint[] }) {
  return (
    <div className="map-by-locality" data-testid="map-by-locality">
      <p>La carte interactive s’affiche avec JavaScript. Les mêmes événements, par localité&nbsp;:</p>
      {byLocality(points).map((group) => (
        <section key={group.city} aria-label={group.city}>
          <h3>
            {group.city} <span className="map-by-locality__count">({group.points.length})</span>
          </h3>
          <ul>
            {group.points.map((p) => (
              <li key={`${p.id}:${p.startsAt}`}>
                <Link to={`/evenement/${p.id}`}>{p.title}</Link>
                <span className="map-by-locality__when">{formatEventShort(p)}</span>
                <a
                  href={
                    directionsLinks({ venueName: '', street: '', postalCode: '', city: p.city, lat: p.lat, lng: p.lng })
                      .directions
                  }
                  rel="noopener noreferrer"
                  aria-label={`Itinéraire vers ${p.title}`}
                >
                  Itinéraire
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
