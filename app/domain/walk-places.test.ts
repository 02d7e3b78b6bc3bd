// Places as the outside walk of issue 70 typed them in « Autour de », each answered as a visitor expects: a city abroad
// or a canton said as such (never a random Swiss village), the French name of Bern and the slashed bilingual names
// read, a German-speaking town never named as the nearest French-speaking one.
import { describe, expect, it } from 'vitest';
import { localityTypo, namesCloseTo } from './close-localities';
import { outsideRegion, parseNear } from './distance';
import { findLocality } from './localities';

const error = (autour: string) => parseNear(new URLSearchParams({ autour })).error;

describe('« Autour de » comme la visite l’a tapé', () => {
  it('une ville étrangère n’est pas en Suisse, sans village suisse proposé', () => {
    for (const city of ['Paris', 'Lyon', 'Annecy']) {
      expect(namesCloseTo(city), city).toEqual([]);
      expect(localityTypo(city), city).toBeNull();
    }
    expect(error('Paris')).toBe(
      '«\u00a0Paris\u00a0» n’est pas en Suisse\u00a0: l’agenda couvre la Suisse romande. Choisissez une localité de la liste.',
    );
  });

  it('un canton est dit canton, sans « Bouveret ? »', () => {
    expect(namesCloseTo('Valais')).toEqual([]);
    expect(error('Valais')).toBe(
      '«\u00a0Valais\u00a0» est un canton (Valais), pas une localité\u00a0: choisissez-le dans «\u00a0Canton\u00a0», ou une localité de la liste.',
    );
    // « Vaud » stays Le Vaud, a village of the list.
    expect(findLocality('Vaud')?.name).toBe('Le Vaud');
  });

  it('« Berne » est Bern ; « Fribourg/Freiburg » et « Sierre/Siders » sont lus', () => {
    expect(findLocality('Berne')).toMatchObject({ name: 'Bern', canton: 'BE' });
    expect(error('Berne')).toBeNull();
    expect(findLocality('Fribourg/Freiburg')?.name).toBe('Fribourg');
    expect(findLocality('Sierre/Siders')?.name).toBe('Sierre');
    expect(findLocality('Siders/Sierre')?.name).toBe('Sierre');
    // Two different places are no one locality.
    expect(findLocality('Sion/Sierre')).toBeNull();
  });

  it('la ville romande la plus proche de Bern est Fribourg, pas Düdingen', () => {
    expect(outsideRegion({ place: 'Bern', lat: 0, lng: 0, radius: 10 })?.nearest).toBe('Fribourg');
  });

  it('une faute de frappe garde sa suggestion, sans les NPA spéciaux (« Montreu » → Montreux)', () => {
    expect(localityTypo('Montreu')).toBe('Montreux');
    expect(namesCloseTo('Montreu')).not.toContain('Montreux La Redoute');
    expect(localityTypo('Lozane')).toBe('Lausanne');
  });
});

// The second walk (issue 70, 8.5/10): names and postcodes as people write them.
describe('« Autour de » comme la deuxième visite l’a tapé', () => {
  const near = (autour: string) => parseNear(new URLSearchParams({ autour }));

  it('« 1053 », NPA de Cugy VD et de Bretigny-sur-Morrens, aucune plus grande : demandé, pas Bretigny en silence', () => {
    expect(near('1053').error).toBe(
      '«\u00a01053\u00a0» peut être plusieurs localités\u00a0: choisissez la vôtre dans la liste.',
    );
    expect(namesCloseTo('1053')).toEqual(expect.arrayContaining(['Cugy (VD)', 'Bretigny-sur-Morrens']));
    // A postcode of one town and its villages stays the town.
    expect(near('1040').near?.place).toBe('Echallens');
  });

  it('« Cossonay » est Cossonay, pas « Cossonay-Ville », qui se lit encore', () => {
    expect(near('Cossonay').near?.place).toBe('Cossonay');
    expect(findLocality('Cossonay-Ville')?.name).toBe('Cossonay');
    expect(findLocality('1304')?.name).toBe('Cossonay');
  });

  it('« Berne » tapé se dit « Berne », « Bern » reste Bern, « Sitten » est Sion', () => {
    expect(near('Berne').near?.place).toBe('Berne');
    expect(near('Bern').near?.place).toBe('Bern');
    expect(near('Sitten').near?.place).toBe('Sion');
    expect(near('Bienne').near?.place).toBe('Biel/Bienne');
    expect(outsideRegion(near('Berne').near ?? { place: '', lat: 0, lng: 0, radius: 10 })?.place).toBe('Berne');
  });

  it('« Lausanne 25 » et « 1211 Genève 2 » (un numéro d’office postal) sont la localité', () => {
    expect(findLocality('Lausanne 25')?.name).toBe('Lausanne');
    expect(findLocality('1211 Genève 2')?.name).toBe('Genève');
    expect(near('Lausanne 25').near?.place).toBe('Lausanne');
  });
});
