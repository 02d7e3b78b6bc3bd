// The line above the moderation list says the queue's order as it is (issue 70, decision 162).
import { describe, expect, it } from 'vitest';
import { listCount } from './moderation-ui';

describe('la ligne au-dessus de la file', () => {
  it('dit l’ordre réel : ce qui commence dans les 48 h d’abord, puis le plus ancien', () => {
    expect(listCount(9, 'pending')).toBe(
      '9 événements\u00a0: ceux qui commencent dans les 48\u00a0h d’abord, puis le plus ancien en premier',
    );
    expect(listCount(9, 'pending')).not.toMatch(/^9 événements, le plus ancien en premier$/);
  });
  it('sur plusieurs pages, le même ordre (celui du stockage) ; les autres onglets, le nombre seul', () => {
    expect(listCount(120, 'pending')).toBe(
      '120 événements\u00a0: ceux qui commencent dans les 48\u00a0h d’abord, puis le plus ancien en premier',
    );
    expect(listCount(120, 'pending')).not.toMatch(/page par page/);
    expect(listCount(1, 'approved')).toBe('1 événement');
    expect(listCount(0, 'pending')).toBe('Aucun événement ici.');
  });
});
