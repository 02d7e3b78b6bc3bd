import { describe, expect, test } from 'vitest';
import { pageMeta } from './meta';

const robots = (tags: ReturnType<typeof pageMeta>) => tags.filter((t) => 'name' in t && t.name === 'robots');

describe('les balises meta d’une page', () => {
  test('une page d’un lien personnel est tenue hors des moteurs de recherche, une page publique non', () => {
    const personal = pageMeta({
      title: 'Mon alerte',
      description: 'Gérer une alerte.',
      path: '/alertes',
      noindex: true,
    });
    expect(robots(personal)).toEqual([{ name: 'robots', content: 'noindex' }]);
    expect(robots(pageMeta({ title: 'Événements', description: 'Tous les événements.', path: '/evenements' }))).toEqual(
      [],
    );
  });
});
