import { describe, expect, it } from 'vitest';
import { badgeLabel, pageTitle, withPendingPrefix } from './site';

describe('titre et badge', () => {
  it('le titre porte le nom du site et son slogan', () => {
    expect(pageTitle()).toBe('Agenda romand — les événements de Suisse romande');
    expect(pageTitle('Contact')).toBe('Contact · Agenda romand — les événements de Suisse romande');
  });
  it('un admin avec des événements en attente voit (N) devant le titre', () => {
    expect(withPendingPrefix('Agenda romand', 3)).toBe('(3) Agenda romand');
    expect(withPendingPrefix('Agenda romand', 0)).toBe('Agenda romand');
    expect(withPendingPrefix('Agenda romand', null)).toBe('Agenda romand');
  });
  it('le badge plafonne à 99+', () => {
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
  });
});
