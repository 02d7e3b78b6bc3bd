// A venue's point as an admin sets it (issue 70): the pin moved, else the locality chosen (without JavaScript), checked.
import { describe, expect, it } from 'vitest';
import { findLocality } from './localities';
import { readVenuePoint, VENUE_POINT_ERRORS } from './venue-point';

const NONE = { lat: null, lng: null };
const ECHALLENS = { lat: 46.64, lng: 6.63 };

describe('le point d’un lieu choisi par un admin', () => {
  it('sans JavaScript, la localité choisie donne le point, par son nom ou son NPA', () => {
    const villars = findLocality('Villars-le-Terroir');
    expect(villars).not.toBeNull();
    expect(readVenuePoint({ lat: '', lng: '', locality: 'Villars-le-Terroir' }, NONE)).toEqual({
      ok: true,
      point: { lat: villars?.lat, lng: villars?.lng },
    });
    // The hidden fields keep the venue's point: the locality typed wins over a pin that did not move.
    const echallens = findLocality('1040');
    expect(readVenuePoint({ lat: '46.64', lng: '6.63', locality: '1040' }, ECHALLENS)).toEqual({
      ok: true,
      point: { lat: echallens?.lat, lng: echallens?.lng },
    });
  });

  it('le repère déplacé l’emporte ; rien de changé garde le point', () => {
    expect(readVenuePoint({ lat: '46.6512345', lng: '6.6401', locality: '' }, ECHALLENS)).toEqual({
      ok: true,
      point: { lat: 46.65123, lng: 6.6401 },
    });
    expect(readVenuePoint({ lat: '46.64', lng: '6.63', locality: '' }, ECHALLENS)).toEqual({
      ok: true,
      point: ECHALLENS,
    });
    expect(readVenuePoint({ lat: '', lng: '', locality: '' }, NONE)).toEqual({ ok: true, point: null });
  });

  it('refuse un point hors de Suisse, une position illisible et une localité inconnue, en français', () => {
    expect(readVenuePoint({ lat: '48.85', lng: '2.35', locality: '' }, NONE)).toEqual({
      ok: false,
      error: VENUE_POINT_ERRORS.outside,
    });
    expect(readVenuePoint({ lat: 'abc', lng: '6.6', locality: '' }, NONE)).toEqual({
      ok: false,
      error: VENUE_POINT_ERRORS.position,
    });
    expect(readVenuePoint({ lat: '46.5', lng: '', locality: '' }, NONE)).toMatchObject({ ok: false });
    expect(readVenuePoint({ lat: '', lng: '', locality: 'Atlantis' }, NONE)).toEqual({
      ok: false,
      error:
        'Localité inconnue\u00a0: «\u00a0Atlantis\u00a0». Écrivez-la comme La Poste (par exemple Villars-le-Terroir) ou donnez son NPA (1040).',
    });
  });
});
