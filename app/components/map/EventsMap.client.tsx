// The interactive events map (Leaflet). Client-only: never import it directly, use LazyEventsMap.
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import './map.css';
import {
  DivIcon,
  type FitBoundsOptions,
  Icon,
  type LatLngBounds,
  type LatLngTuple,
  type Map as LeafletMap,
  latLngBounds,
} from 'leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png?url';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?url';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png?url';
import { useEffect, useRef } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { useCategory } from '~/components/useCategories';
import type { EventMapPoint } from '~/domain/event';
import { formatEventShort } from '~/domain/event-dates';
import {
  MAP_MAX_ZOOM,
  MAP_POPUP_MAX_WIDTH,
  MAP_TILE_SIZE,
  type MapConfig,
  ROMANDIE_CENTER,
  ROMANDIE_ZOOM,
} from '~/domain/map';
// Leaflet has no high-density shadow: ours is its shadow at twice the size (sharp, Lanczos), for sharp retina screens.
import shadowRetinaUrl from './marker-shadow-2x.png?url';

export interface EventsMapProps {
  points: EventMapPoint[];
  config: MapConfig;
  /** Height in px (default 480). */
  height?: number;
  /** One event: no clustering, zoom 15 on it, no link in the popup. */
  single?: boolean;
  /** A venue's page (issue 36): one place, its popup says only its name and town. */
  place?: boolean;
  /** Accessible name of the map region. */
  label: string;
}

export const DEFAULT_MAP_HEIGHT = 480;
const SINGLE_EVENT_ZOOM = 15;
const ONE_POINT_ZOOM = 14;
// The zoom buttons stand in the top left corner (10 px from the edges, 30 px wide): no marker is framed under them.
const FIT_BOUNDS_OPTIONS: FitBoundsOptions = { paddingTopLeft: [64, 32], paddingBottomRight: [32, 32], maxZoom: 13 };

// Marker images bundled by Vite from the leaflet package: Leaflet's default icon guesses its URL from the CSS,
// which breaks under a bundler, and nothing may come from a CDN.
export const markerIcon = new Icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  shadowRetinaUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/**
 * A cluster as markercluster draws it (its size's colour, its count), named for a screen reader: « 12 événements »,
 * not « 12 » (issue 70). Leaflet makes it a button; its name is its text.
 */
function clusterIcon(cluster: { getChildCount(): number }): DivIcon {
  const count = cluster.getChildCount();
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  return new DivIcon({
    html: `<div><span>${count}<span class="visually-hidden"> événements</span></span></div>`,
    className: `marker-cluster marker-cluster-${size}`,
    iconSize: [40, 40],
  });
}

type MapView = { kind: 'bounds'; bounds: LatLngBounds } | { kind: 'center'; center: LatLngTuple; zoom: number };

function computeView(points: EventMapPoint[], single: boolean): MapView {
  if (points.length === 0) return { kind: 'center', center: ROMANDIE_CENTER, zoom: ROMANDIE_ZOOM };
  if (points.length === 1) {
    const [p] = points;
    return { kind: 'center', center: [p.lat, p.lng], zoom: single ? SINGLE_EVENT_ZOOM : ONE_POINT_ZOOM };
  }
  return { kind: 'bounds', bounds: latLngBounds(points.map((p): LatLngTuple => [p.lat, p.lng])) };
}

function applyView(map: LeafletMap, view: MapView): void {
  if (view.kind === 'bounds') map.fitBounds(view.bounds, FIT_BOUNDS_OPTIONS);
  else map.setView(view.center, view.zoom);
}

/** Re-frames the map when the set of positions changes (e.g. new filters); the first view is set by MapContainer. */
function FitView({ points, single }: { points: EventMapPoint[]; single: boolean }) {
  const map = useMap();
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    const key = `${single ? 's' : 'm'}|${points.map((p) => `${p.lat},${p.lng}`).join(';')}`;
    const first = lastKey.current === null;
    if (key === lastKey.current) return;
    lastKey.current = key;
    if (!first) applyView(map, computeView(points, single));
  }, [map, points, single]);
  return null;
}

function EventMarker({ point, single, place }: { point: EventMapPoint; single: boolean; place: boolean }) {
  const category = useCategory(point.category);
  if (place)
    return (
      <Marker position={[point.lat, point.lng]} icon={markerIcon} title={point.title} alt={point.title}>
        <Popup maxWidth={MAP_POPUP_MAX_WIDTH}>
          <div className="events-map__popup">
            <strong className="events-map__popup-title">{point.title}</strong>
            <span className="events-map__popup-where">{point.city}</span>
          </div>
        </Popup>
      </Marker>
    );
  return (
    <Marker position={[point.lat, point.lng]} icon={markerIcon} title={point.title} alt={point.title}>
      <Popup maxWidth={MAP_POPUP_MAX_WIDTH}>
        <div className="events-map__popup">
          {single ? (
            <strong className="events-map__popup-title">{point.title}</strong>
          ) : (
            <a className="events-map__popup-title" href={`/evenement/${encodeURIComponent(point.id)}`}>
              {point.title}
            </a>
          )}
          <span className="events-map__popup-when">{formatEventShort(point)}</span>
          <span className="events-map__popup-where">
            <span className="events-map__dot" style={{ background: category.color }} aria-hidden="true" />
            {point.city} · {category.label}
          </span>
        </div>
      </Popup>
    </Marker>
  );
}

export default function EventsMap({
  points,
  config,
  height = DEFAULT_MAP_HEIGHT,
  single = false,
  place = false,
  label,
}: EventsMapProps) {
  const initial = computeView(points, single);
  const markers = points.map((p) => <EventMarker key={p.id} point={p} single={single || place} place={place} />);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the agreed markup is a div with an explicit region role.
    <div
      className="events-map"
      role="region"
      aria-label={label}
      data-testid="events-map"
      data-points={points.length}
      style={{ height }}
    >
      <MapContainer
        className="events-map__leaflet"
        {...(initial.kind === 'bounds'
          ? { bounds: initial.bounds, boundsOptions: FIT_BOUNDS_OPTIONS }
          : { center: initial.center, zoom: initial.zoom })}
        maxZoom={MAP_MAX_ZOOM}
        scrollWheelZoom={false}
        zoomControl={false}
      >
        {/* Named in French (Leaflet's own titles are English), 44 px each (map.css). */}
        <ZoomControl zoomInTitle="Zoomer" zoomOutTitle="Dézoomer" />
        <TileLayer
          url={config.tileUrl}
          attribution={config.attribution}
          tileSize={MAP_TILE_SIZE}
          maxZoom={MAP_MAX_ZOOM}
        />
        {single ? (
          markers
        ) : (
          <MarkerClusterGroup chunkedLoading iconCreateFunction={clusterIcon}>
            {markers}
          </MarkerClusterGroup>
        )}
        <FitView points={points} single={single} />
      </MapContainer>
    </div>
  );
}
