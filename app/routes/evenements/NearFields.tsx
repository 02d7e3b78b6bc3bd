// « Autour de » (issue 47): a locality of the list (typed, with the list's suggestions) and a radius, a plain GET form
// without JavaScript; with it, « Ma position » asks the browser once, on a tap, and puts the rounded position in the URL.
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { loadLocalities, useLocalityList } from '~/components/form/LocalityList';
import { DEFAULT_RADIUS, type NearFilter, RADIUS_OPTIONS, roundCoordinate } from '~/domain/distance';

// The list of localities comes when the field is first used, not with the page (the region's gazetteer, 28 KB gzip,
// issues 50 and 70): until then a locality typed waits for « Filtrer » like any text.
let known: ((value: string) => boolean) | null = null;
const loadKnown = () => {
  if (known) return;
  void loadLocalities().then(({ findLocality }) => {
    known = (value) => findLocality(value) !== null;
  });
};

/** A value of the locality field that names a locality of the list (or nothing): the list may follow it at once. */
export const isKnownLocality = (value: string) => value.trim() === '' || (known?.(value) ?? false);

const GEOLOCATION_ERRORS: Record<number, string> = {
  1: 'Votre navigateur n’a pas donné votre position\u00a0: choisissez une localité.',
  2: 'Votre position est introuvable pour le moment\u00a0: choisissez une localité.',
  3: 'Votre position a mis trop de temps à venir\u00a0: réessayez ou choisissez une localité.',
};

export function NearFields({
  near,
  typed,
  error,
  suggestions,
  hydrated,
  onPosition,
}: {
  near: NearFilter | null;
  /** What was typed in the locality field, kept when it is refused. */
  typed: string;
  error: string | null;
  /** The localities close to a refused one: the field's suggestions before the whole list is loaded. */
  suggestions: string[];
  hydrated: boolean;
  /** With JS: the list follows the form once the position is in it. */
  onPosition: () => void;
}) {
  // The visitor's position, only in this page's form and URL: never sent anywhere else, never stored.
  const [position, setPosition] = useState(near && !near.place ? { lat: near.lat, lng: near.lng } : null);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);
  const shownError = geoError ?? error;
  const localities = useLocalityList('filter-localities', suggestions);
  const typedField = useRef<HTMLInputElement>(null);
  const locate = () => {
    if (!navigator.geolocation) {
      setGeoError(GEOLOCATION_ERRORS[2]);
      return;
    }
    setLocating(true);
    setGeoError(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        // The hidden fields must be in the form before it is read: rendered at once, then submitted. The position
        // replaces whatever was typed (a locality named wins over a position in the URL, issue 70).
        flushSync(() => {
          setLocating(false);
          setPosition({ lat: roundCoordinate(coords.latitude), lng: roundCoordinate(coords.longitude) });
        });
        if (typedField.current) typedField.current.value = '';
        onPosition();
      },
      (failure) => {
        setLocating(false);
        setGeoError(GEOLOCATION_ERRORS[failure.code] ?? GEOLOCATION_ERRORS[2]);
      },
      { timeout: 15_000, maximumAge: 300_000 },
    );
  };
  return (
    <fieldset className="filters__near">
      <legend>Autour de</legend>
      <div className="filters__near-fields">
        <div className="field">
          <label htmlFor="filter-around">Localité</label>
          <input
            id="filter-around"
            ref={typedField}
            name="autour"
            list="filter-localities"
            defaultValue={near?.place || typed}
            placeholder={position ? 'Ma position' : 'Morges, Sion…'}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={shownError ? 'near-error' : undefined}
            onFocus={() => {
              localities.load();
              loadKnown();
            }}
            onChange={(event) => {
              // A locality typed takes the place of the position.
              if (event.target.value.trim() !== '') setPosition(null);
            }}
          />
          {localities.list}
        </div>
        <div className="field">
          <label htmlFor="filter-radius">Rayon</label>
          <select id="filter-radius" name="rayon" defaultValue={String(near?.radius ?? DEFAULT_RADIUS)}>
            {RADIUS_OPTIONS.map((radius) => (
              <option key={radius} value={radius}>
                {`${radius}\u00a0km`}
              </option>
            ))}
          </select>
        </div>
      </div>
      {position ? (
        <>
          <input type="hidden" name="lat" value={position.lat.toFixed(2)} />
          <input type="hidden" name="lon" value={position.lng.toFixed(2)} />
          <p className="filters__near-position">Autour de votre position (à environ 1&nbsp;km près).</p>
        </>
      ) : null}
      <p className="filters__near-position">Seuls les événements dont le lieu est situé sur la carte sont comptés.</p>
      {hydrated ? (
        <button type="button" className="button filters__locate" onClick={locate} disabled={locating}>
          {locating ? 'Position demandée…' : 'Ma position'}
        </button>
      ) : null}
      {shownError ? (
        // The server's refusal is also the page's notice (role alert there); the browser's is said here.
        <p className="field__error" id="near-error" role={geoError ? 'alert' : undefined} data-testid="near-error">
          {shownError}
        </p>
      ) : null}
    </fieldset>
  );
}
