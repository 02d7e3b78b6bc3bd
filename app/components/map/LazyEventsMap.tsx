// The events map as pages use it: Leaflet is loaded on the client only, in its own chunk, optionally once visible.
import { type ComponentType, forwardRef, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { ClientOnly } from 'remix-utils/client-only';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { EventsMapProps } from './EventsMap.client';

const EventsMap: ComponentType<EventsMapProps> = lazy(() => import('./EventsMap.client'));

const DEFAULT_HEIGHT = 480;

export interface LazyEventsMapProps extends Omit<EventsMapProps, 'points'> {
  /**
   * What the box says without JavaScript: what the page offers instead (the list), not an apology; null when the page
   * already says it (the event's address and « Itinéraire »): the box then takes no room without JavaScript.
   */
  noScript: ReactNode | null;
  /** Only load the map when its placeholder comes near the viewport. */
  whenVisible?: boolean;
  /** The points, or where to fetch them (JSON array) once the map loads, so the page HTML stays light. */
  points: EventsMapProps['points'] | { url: string };
}

export const MapPlaceholder = forwardRef<
  HTMLDivElement,
  { height?: number; label: string; noScript: ReactNode | null }
>(function MapPlaceholder({ height = DEFAULT_HEIGHT, label, noScript }, ref) {
  const hydrated = useHydrated();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the agreed markup is a div with an explicit region role.
    <div
      ref={ref}
      className={`events-map events-map--placeholder${noScript === null ? ' events-map--needs-script' : ''}`}
      role="region"
      aria-label={label}
      data-testid="events-map-placeholder"
      style={{ height }}
    >
      {/* Rendered text rather than <noscript>: what the server sends is what a browser without JS shows. */}
      {hydrated ? (
        <p className="events-map__loading">Chargement de la carte…</p>
      ) : (
        <div className="events-map__noscript">{noScript}</div>
      )}
    </div>
  );
});

function DeferredEventsMap({ whenVisible, points, noScript, ...props }: LazyEventsMapProps) {
  const [ready, setReady] = useState(!whenVisible);
  const [fetched, setFetched] = useState<EventsMapProps['points'] | null>(null);
  const pointsUrl = 'url' in points ? points.url : null;

  useEffect(() => {
    if (!ready || !pointsUrl) return;
    const controller = new AbortController();
    fetch(pointsUrl, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : []))
      .then(setFetched)
      .catch(() => setFetched([]));
    return () => controller.abort();
  }, [ready, pointsUrl]);

  const placeholderRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (ready) return;
    const element = placeholderRef.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setReady(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setReady(true);
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ready]);

  const shown = 'url' in points ? fetched : points;
  const placeholder = { height: props.height, label: props.label, noScript };
  if (!ready || !shown) return <MapPlaceholder ref={placeholderRef} {...placeholder} />;
  return (
    <Suspense fallback={<MapPlaceholder {...placeholder} />}>
      <EventsMap {...props} points={shown} />
    </Suspense>
  );
}

export function LazyEventsMap(props: LazyEventsMapProps) {
  return (
    <ClientOnly fallback={<MapPlaceholder height={props.height} label={props.label} noScript={props.noScript} />}>
      {() => <DeferredEventsMap {...props} />}
    </ClientOnly>
  );
}
