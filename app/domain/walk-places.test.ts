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
