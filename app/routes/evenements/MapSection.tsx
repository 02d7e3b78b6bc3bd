// The selection on a map, with how many of its events have a position.
import { Link } from '~/components/Link';
import { LazyEventsMap } from '~/components/map/LazyEventsMap';
import type { EventMapPoint } from '~/domain/event';
import { countLabel } from './list';
import { MapByLocality } from './MapByLocality';

export function MapSection({
  points,
  total,
  more = false,
  config,
  listHref,
}: {
  points: EventMapPoint[];
  total: number;
  /** There are more than `total` (the count stopped there, decision 151). */
  more?: boolean;
  /** The same selection as a list. */
  listHref: string;
  config: { tileUrl: string; attribution: string };
}) {
  return (
    <section aria-label="Carte des événements" className="events-map-section">
      <LazyEventsMap
        points={points}
        config={config}
        label={`Carte de ${countLabel(points.length).toLowerCase()}`}
        height={520}
        noScript={
          <>
            <p>
              Ces événements sont aussi <Link to={listHref}>en liste</Link>.
            </p>
            {points.length ? <MapByLocality points={points} /> : null}
          </>
        }
      />
      <p className="map-note">
        {points.length < total || (more && points.length === total)
          ? `${points.length} événements localisés sur ${more ? 'plus de ' : ''}${total}.`
          : // « sur la carte » would be false without JavaScript, where there is none.
            `${points.length} événement${points.length > 1 ? 's' : ''} localisé${points.length > 1 ? 's' : ''}.`}
      </p>
    </section>
  );
}
