// A venue's point on the admin's form (issue 70): the pin to move on the map with JavaScript, a locality to choose
// (by name or postcode) with or without it. The hidden fields carry the pin; the server takes a moved pin, else the
// locality chosen (app/domain/venue-point.ts). Said plainly when the venue has no point, and what that means.
import { type FormEvent, lazy, Suspense, useCallback, useState } from 'react';
import { ClientOnly } from 'remix-utils/client-only';
import { FieldError, FieldHint, notedControl } from '~/components/form/FieldNotes';
import { loadLocalities, useLocalityList } from '~/components/form/LocalityList';
import type { MapConfig } from '~/domain/map';

const PinMap = lazy(() => import('~/components/map/PinMap.client'));

export function VenuePointFields({
  point,
  locality,
  errors,
  map,
}: {
  /** The venue's point, or the pin's as last sent. */
  point: { lat: number; lng: number } | null;
  /** What was typed in « Placer le point sur une localité » (kept after a refusal). */
  locality: string;
  errors: Record<string, string | undefined>;
  map: MapConfig;
}) {
  const [coords, setCoords] = useState(point);
  const localities = useLocalityList('point-localities');
  const onMove = useCallback((lat: number, lng: number) => setCoords({ lat, lng }), []);
  // A locality typed moves the pin at once; the server reads the same name (without JavaScript too).
  const onLocality = (event: FormEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value;
    void loadLocalities().then(({ findLocality }) => {
      const place = findLocality(typed);
      if (place) setCoords({ lat: place.lat, lng: place.lng });
    });
  };
  return (
    <fieldset className="form-step" data-testid="venue-point">
      <legend>Point sur la carte</legend>
      {coords ? (
        <p className="field__hint" data-testid="venue-point-now">
          {`Point actuel\u00a0: ${coords.lat.toFixed(5)}, ${coords.lng.toFixed(5)}.`}
        </p>
      ) : null}
      <input type="hidden" name="lat" value={coords ? String(coords.lat) : ''} />
      <input type="hidden" name="lng" value={coords ? String(coords.lng) : ''} />
      {coords ? (
        <ClientOnly>
          {() => (
            <Suspense fallback={<p className="field__hint">Chargement de la carte…</p>}>
              <p className="field__hint">Déplacez le repère pour indiquer l’endroit exact, puis enregistrez.</p>
              <PinMap lat={coords.lat} lng={coords.lng} config={map} onMove={onMove} />
            </Suspense>
          )}
        </ClientOnly>
      ) : null}
      <div className={`field${errors.point ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="field-pointLocality">
          Placer le point sur une localité
        </label>
        <FieldHint id="field-pointLocality">
          {
            'Un nom ou un NPA (Villars-le-Terroir, 1040)\u00a0: le point prend celui de la localité, à un kilomètre près. Laissez vide pour garder le point.'
          }
        </FieldHint>
        <input
          {...notedControl('pointLocality', { pointLocality: errors.point })}
          list="point-localities"
          autoComplete="off"
          defaultValue={locality}
          onFocus={localities.load}
          onInput={onLocality}
        />
        {localities.list}
        <FieldError id="field-pointLocality" message={errors.point} />
      </div>
    </fieldset>
  );
}
