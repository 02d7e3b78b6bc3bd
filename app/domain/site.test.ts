import { describe, expect, it } from 'vitest';
import { badgeLabel, pageTitle, TITLE_MAX, withPendingPrefix } from './site';

describe('titre et badge', () => {
  it('le titre porte le nom du site et son slogan', () => {
    expect(pageTitle()).toBe('Agenda romand — les événements de Suisse romande');
    expect(pageTitle('Contact')).toBe('Contact · Agenda romand — les événements de Suisse romande');
  });
  it('jamais plus de 70 caractères : le nom du site seul, puis la page seule, puis son nom coupé à un mot (issue 52)', () => {
    expect(pageTitle('Développeurs : l’API publique')).toBe('Développeurs : l’API publique · Agenda romand');
    // The date's page of a series: its title, its day and its town stay whole; the site's name gives way.
    const date = 'Milonga mwyc4634nsoa · mardi 8 décembre 2026 · Neuchâtel';
    expect(pageTitle(date)).toBe(date);
    const long = pageTitle(
      'Concert de l’Orchestre de chambre de Lausanne et du Chœur Pro Arte, avec solistes · Lausanne',
    );
    expect(long).toBe('Concert de l’Orchestre de chambre de Lausanne et du Chœur Pro Arte…');
    expect(long.length).toBeLessThanOrEqual(TITLE_MAX);
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
