// « Artistes, intervenants » (issue 52): names separated by commas, bounded, refused in French with the reason.
import { describe, expect, it } from 'vitest';
import { validateEventForm } from './event-form';
import { performerNames, performersText } from './performers';
import { SINGLE_LINE_MESSAGE } from './text';

const NOW = new Date('2026-11-20T09:00:00+01:00');
const FORM = {
  title: 'Concert du Nouvel An',
  description: 'Deux voix de Suisse sur la scène du Casino, pour finir l’année en chansons.',
  category: 'musique',
  startDate: '2026-12-31',
  startTime: '20:00',
  venueName: 'Casino',
  postalCode: '1820',
  city: 'Montreux',
  canton: 'VD',
  isFree: 'on',
  organizerName: 'Casino de Montreux',
};
const read = (performers: string) => validateEventForm({ ...FORM, performers }, NOW);

describe('les artistes et intervenants d’un événement', () => {
  it('se lisent nom par nom, aux virgules, dans l’ordre tapé, sans blancs ni doublons', () => {
    const result = read('  Stephan   Eicher ,Sophie Hunger,, stephan eicher, ');
    expect(result.ok && result.data.performers).toEqual(['Stephan Eicher', 'Sophie Hunger']);
    expect(performersText(['Stephan Eicher', 'Sophie Hunger'])).toBe('Stephan Eicher, Sophie Hunger');
    expect(performerNames(performersText(['M', 'Quatuor Sine Nomine']))).toEqual(['M', 'Quatuor Sine Nomine']);
  });

  it('sont facultatifs : un champ vide ou absent, aucun nom', () => {
    const empty = read('  ');
    expect(empty.ok && empty.data.performers).toEqual([]);
    const absent = validateEventForm(FORM, NOW);
    expect(absent.ok && absent.data.performers).toEqual([]);
  });

  it('au-delà de 12 noms, de 80 caractères pour un nom ou de 300 en tout : un message qui dit la limite', () => {
    const names = Array.from({ length: 13 }, (_, i) => `Artiste ${i + 1}`).join(', ');
    expect(read(names).errors.performers).toBe(
      'Indiquez au plus 12 artistes ou intervenants (vous en avez indiqué 13).',
    );
    expect(read(Array.from({ length: 12 }, (_, i) => `Artiste ${i + 1}`).join(', ')).ok).toBe(true);
    expect(read(`${'Orchestre '.repeat(8)}X, Sophie Hunger`).errors.performers).toBe(
      'Un nom ne peut pas dépasser 80\u00a0caractères\u00a0: séparez les noms par des virgules.',
    );
    expect(read(Array.from({ length: 10 }, () => 'x'.repeat(29)).join(',.')).errors.performers).toBe(
      'Les artistes et intervenants ne peuvent pas dépasser 300\u00a0caractères.',
    );
    expect(read('Stephan Eicher\nSophie Hunger').errors.performers).toBe(SINGLE_LINE_MESSAGE);
  });
});
