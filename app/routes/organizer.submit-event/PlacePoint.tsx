// The event's point under « Où » (issue 70): the map with its pin when the place has a point (its locality's, its
// NPA's, or one placed by hand), else what that means and « Placer le repère à la main »: the map opens on the canton's
// main town, and the point is the pin only once the organizer has moved it (a pin left where it opened is no point).
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { ClientOnly } from 'remix-utils/client-only';
import { loadLocalities } from '~/components/form/LocalityList';

const PinMap = lazy(() => import('~/components/map/PinMap.client'));

type Coords = { lat: number; lng: number };

/** Where the map opens for a pin placed by hand: the weightiest locality of the canton chosen, else Lausanne. */
async function startOf(canton: string): Promise<Coords> {
  const { LOCALITIES, findLocality } = await loadLocalities();
  const main = LOCALITIES.filter((l) => l.region && l.canton === canton).sort((a, b) => b.weight - a.weight)[0];
  const place = main ?? findLocality('Lausanne');
  return place ? { lat: place.lat, lng: place.lng } : { lat: 46.52, lng: 6.63 };
}

export const NO_POINT =
  'Pas encore de point sur la carte\u00a0: choisissez une localité de la liste ou donnez un NPA connu, ou placez le repère à la main. Sans point, l’événement n’apparaît ni sur la carte ni dans «\u00a0Autour de\u00a0».';

export function PlacePoint({
  coords,
  map,
  onMovePin,
}: {
  coords: Coords | null;
  map: { tileUrl: string; attribution: string };
  onMovePin: (lat: number, lng: number) => void;
}) {
  const [start, setStart] = useState<Coords | null>(null);
  const placeByHand = (event: MouseEvent<HTMLButtonElement>) => {
    const canton = (event.currentTarget.form?.elements.namedItem('canton') as HTMLSelectElement | null)?.value ?? '';
    void startOf(canton).then(setStart);
  };
  const shown = coords ?? start;
  return (
    <ClientOnly>
      {() =>
        shown ? (
          <Suspense fallback={<p className="field__hint">Chargement de la carte…</p>}>
            <p className="field__hint" data-testid={coords ? undefined : 'place-pin-by-hand'}>
              {coords
                ? 'Déplacez le repère pour indiquer l’endroit exact.'
                : 'Déplacez le repère sur l’endroit du lieu\u00a0: tant qu’il n’a pas bougé, le lieu n’a pas de point.'}
            </p>
            <PinMap lat={shown.lat} lng={shown.lng} config={map} onMove={onMovePin} />
          </Suspense>
        ) : (
          // Said plainly where the map would be (without JavaScript, the town's hint says it).
          <div data-testid="place-without-point">
            <p className="field__hint">{NO_POINT}</p>
            <button type="button" className="button" onClick={placeByHand}>
              Placer le repère à la main
            </button>
          </div>
        )
      }
    </ClientOnly>
  );
}
