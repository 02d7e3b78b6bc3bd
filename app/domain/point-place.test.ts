// The moderator's view of a point (issue 70): the walk's venue « Cugy, Vaud » with Cugy FR's point was shown as
// « Position indiquée » only.
import { describe, expect, it } from 'vitest';
import { findLocality } from './localities';
import { pointPlace } from './point-place';

describe('pointPlace', () => {
  const cugyFr = findLocality('Cugy', { canton: 'FR' });
  const cugyVd = findLocality('Cugy', { canton: 'VD' });

  it('says where the point falls, and warns when it is in another canton than the event says', () => {
    if (!cugyFr || !cugyVd) throw new Error('Cugy manquant');
    const wrong = pointPlace({ lat: cugyFr.lat, lng: cugyFr.lng, city: 'Cugy', canton: 'VD', postalCode: '1482' });
    expect(wrong?.near).toBe('Près de Cugy (Fribourg), à moins d’1\u00a0km');
    expect(wrong?.warning).toBe('Le point est dans le canton de Fribourg, l’événement dit Vaud\u00a0: vérifiez-le.');
    expect(wrong?.mapUrl).toContain(`mlat=${cugyFr.lat.toFixed(5)}`);
    const right = pointPlace({ lat: cugyVd.lat, lng: cugyVd.lng, city: 'Cugy', canton: 'VD', postalCode: '1053' });
    expect(right?.near).toBe('Près de Cugy (Vaud), à moins d’1\u00a0km');
    expect(right?.warning).toBeNull();
  });

  it('warns when the point is far from the town named in the same canton, and says nothing without a point', () => {
    const morges = findLocality('Morges');
    if (!morges) throw new Error('Morges manquant');
    const far = pointPlace({ lat: morges.lat, lng: morges.lng, city: 'Echallens', canton: 'VD', postalCode: '1040' });
    expect(far?.warning).toMatch(/^Le point est à \d+\u00a0km d’Echallens, la localité indiquée\u00a0: vérifiez-le\.$/);
    expect(pointPlace({ lat: null, lng: null, city: 'Cugy', canton: 'VD', postalCode: '1053' })).toBeNull();
  });
});
