// The selection on a map, with how many of its events have a position.
import { LazyEventsMap } from '~/components/map/LazyEventsMap';
import type { EventMapPoint } from '~/domain/event';
import { countLabel } from './list';

export function MapSection({
  points,
  total,
  config,
}: {
  points: EventMapPoint[];
  total: number;
  config: { tileUrl: string; attribution: string };
}) {
  return (
    <section aria-label="Carte des événements" className="events-map-section">
      <LazyEventsMap
        points={points}
        config={config}
        label={`Carte de ${countLabel(points.length).toLowerCase()}`}
        height={520}
      />
      <p className="map-note">
        {points.length < total
          ? `${points.length} événements localisés sur ${total}.`
          : `${points.length} événements sur la carte.`}
      </p>
    </section>
  );
}
