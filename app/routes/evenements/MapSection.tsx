// The selection on a map, with how many of its events have a position.
import { Link } from '@remix-run/react';
import { LazyEventsMap } from '~/components/map/LazyEventsMap';
import type { EventMapPoint } from '~/domain/event';
import { countLabel } from './list';

export function MapSection({
  points,
  total,
  config,
  listHref,
}: {
  points: EventMapPoint[];
  total: number;
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
          <p>
            Ces événements sont aussi en liste : <Link to={listHref}>la liste</Link>.
          </p>
        }
      />
      <p className="map-note">
        {points.length < total
          ? `${points.length} événements localisés sur ${total}.`
          : `${points.length} événements sur la carte.`}
      </p>
    </section>
  );
}
