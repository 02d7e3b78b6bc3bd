import { describe, expect, it } from 'vitest';
import { distanceMeters, matchOrganizer, matchVenue, namesLookAlike, normalizePlaceName } from './place-matching';

const place = (name: string, locality: string, lat: number | null = null, lng: number | null = null) => ({
  name,
  locality,
  lat,
  lng,
});
const BOURG = { id: 'bourg', ...place('Salle du Bourg', 'Lausanne', 46.5227, 6.6353) };
const VIDY = { id: 'vidy', ...place('Théâtre de Vidy', 'Lausanne', 46.5146, 6.6093) };
const CAROUGE = { id: 'carouge', ...place('Théâtre de Carouge', 'Carouge', 46.1836, 6.1397) };
const VENUES = [BOURG, VIDY, CAROUGE];

describe('reconnaître un lieu écrit à la main', () => {
  it('la casse, les accents, la ponctuation, « St » et la localité en fin de nom ne comptent pas', () => {
    expect(normalizePlaceName('salle du bourg, Lausanne', 'Lausanne')).toBe('salle du bourg');
    expect(normalizePlaceName('SALLE DU BOURG', 'Lausanne')).toBe('salle du bourg');
    expect(normalizePlaceName('Salle du Bourg (Lausanne)', 'Lausanne')).toBe('salle du bourg');
    expect(normalizePlaceName('Salle du Bourg – Lausanne', 'Lausanne')).toBe('salle du bourg');
    expect(normalizePlaceName('Temple de St-Imier', 'Saint-Imier')).toBe('temple de saint imier');
    expect(normalizePlaceName('Casino de Montbenon – Salle Paderewski', 'Lausanne')).toBe(
      'casino de montbenon salle paderewski',
    );
    // A name that is only the town stays the town.
    expect(normalizePlaceName('Lausanne', 'Lausanne')).toBe('lausanne');
  });

  it('« Salle du Bourg », « salle du bourg, Lausanne » et « Salle du Bourg » sans coordonnées sont un seul lieu, sûr', () => {
    for (const spelling of [
      place('salle du bourg, Lausanne', 'Lausanne'),
      place('Salle du Bourg', 'lausanne', 46.5229, 6.6356),
      place('SALLE DU BOURG', 'Lausanne', null, null),
    ])
      expect(matchVenue(spelling, VENUES)).toEqual({ record: BOURG, sure: true });
  });

  it('le même nom ailleurs dans la même localité, ou dans une autre localité tout près, est proposé sans certitude', () => {
    expect(matchVenue(place('Salle du Bourg', 'Lausanne', 46.53, 6.66), VENUES)).toEqual({
      record: BOURG,
      sure: false,
    });
    expect(matchVenue(place('Salle du Bourg', 'Prilly', 46.5228, 6.6354), VENUES)).toEqual({
      record: BOURG,
      sure: false,
    });
    expect(matchVenue(place('Salle du Bourg', 'Vevey', 46.46, 6.84), VENUES)).toBeNull();
  });

  it('un nom qui ressemble (mots en commun) dans la même localité est proposé sans certitude ; un autre théâtre non', () => {
    expect(matchVenue(place('Le Bourg (salle)', 'Lausanne'), VENUES)).toEqual({ record: BOURG, sure: false });
    expect(matchVenue(place('Vidy', 'Lausanne'), VENUES)).toEqual({ record: VIDY, sure: false });
    expect(matchVenue(place('Théâtre de Beausobre', 'Lausanne'), VENUES)).toBeNull();
    expect(matchVenue(place('Théâtre de Carouge', 'Lausanne'), VENUES)).toBeNull();
  });

  it('entre deux lieux possibles, le sûr passe avant, puis le plus proche', () => {
    const twin = { id: 'twin', ...place('Salle du Bourg', 'Lausanne', 46.5228, 6.6354) };
    expect(matchVenue(place('Salle du Bourg', 'Lausanne', 46.5228, 6.6354), [BOURG, twin])?.record).toBe(twin);
    expect(matchVenue(place('Bourg', 'Lausanne'), [BOURG])?.sure).toBe(false);
  });

  it('les distances se mesurent en mètres sur la sphère', () => {
    expect(Math.round(distanceMeters(BOURG, VIDY) ?? 0)).toBeGreaterThan(2000);
    expect(Math.round(distanceMeters(BOURG, VIDY) ?? 0)).toBeLessThan(2300);
    expect(distanceMeters(BOURG, place('x', 'y'))).toBeNull();
  });

  it('des noms se ressemblent quand les mots de l’un sont tous dans l’autre, ou que la plupart sont partagés', () => {
    expect(namesLookAlike('societe de jeunesse de saviese', 'jeunesse de saviese')).toBe(true);
    expect(namesLookAlike('theatre de vidy', 'theatre de carouge')).toBe(false);
    expect(namesLookAlike('', 'theatre')).toBe(false);
  });
});

describe('reconnaître un organisateur écrit à la main', () => {
  const ORGS = [
    { id: 'o1', name: 'Société de jeunesse de Savièse' },
    { id: 'o2', name: 'Théâtre de Carouge' },
  ];
  it('le même nom normalisé est sûr, un nom qui ressemble est proposé, un autre non', () => {
    expect(matchOrganizer('societe de jeunesse de saviese', ORGS)).toEqual({ record: ORGS[0], sure: true });
    expect(matchOrganizer('Jeunesse de Savièse', ORGS)).toEqual({ record: ORGS[0], sure: false });
    expect(matchOrganizer('Compagnie 1602', ORGS)).toBeNull();
    expect(matchOrganizer('  ', ORGS)).toBeNull();
  });
});
