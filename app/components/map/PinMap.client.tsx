// A map with one draggable pin, for the organizer to refine where the event takes place. Client-only.
import 'leaflet/dist/leaflet.css';
import './map.css';
import type { Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { MAP_MAX_ZOOM, MAP_TILE_SIZE, type MapConfig } from '~/domain/map';
import { markerIcon } from './EventsMap.client';

export interface PinMapProps {
  lat: number;
  lng: number;
  config: MapConfig;
  onMove: (lat: number, lng: number) => void;
}

function FollowPin({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([lat, lng], Math.max(map.getZoom(), 14));
  }, [map, lat, lng]);
  return null;
}

export default function PinMap({ lat, lng, config, onMove }: PinMapProps) {
  const marker = useRef<LeafletMarker>(null);
  const handlers = useMemo(
    () => ({
      dragend() {
        const at = marker.current?.getLatLng();
        if (at) onMove(Number(at.lat.toFixed(5)), Number(at.lng.toFixed(5)));
      },
    }),
    [onMove],
  );
  return (
    <div className="events-map pin-map" data-testid="pin-map" style={{ height: 260 }}>
      <MapContainer center={[lat, lng]} zoom={14} scrollWheelZoom={false} style={{ height: '100%' }}>
        <TileLayer
          url={config.tileUrl}
          attribution={config.attribution}
          tileSize={MAP_TILE_SIZE}
          maxZoom={MAP_MAX_ZOOM}
        />
        <Marker
          ref={marker}
          position={[lat, lng]}
          draggable
          icon={markerIcon}
          eventHandlers={handlers}
          title="Déplacez le repère pour préciser le lieu"
          alt="Repère du lieu"
        />
        <FollowPin lat={lat} lng={lng} />
      </MapContainer>
    </div>
  );
}
