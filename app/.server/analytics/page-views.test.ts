import { describe, expect, it } from 'vitest';
import type { CookieConsent } from '~/domain/consent';
import { memoryStore } from '../../../tests/unit/memory-store';
import { recordPageView } from './page-views';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const consent = (analytics: boolean): CookieConsent => ({
  preferences: { necessary: true, analytics, marketing: false, functional: false },
  date: '2026-03-01T09:00:00.000Z',
});
const now = () => new Date('2026-03-02T10:00:00.000Z');

function rows(db: ReturnType<typeof memoryStore>['db']) {
  return db.prepare('SELECT * FROM page_views').all();
}

describe('compteur de pages vues', () => {
  it('avec le consentement à la mesure d’audience, garde le chemin (sans requête) et le titre, rien d’autre', async () => {
    const { db, store } = memoryStore();
    const body = JSON.stringify({ path: '/evenements?q=jazz#carte', title: '(3) Événements · Agenda romand' });
    expect(await recordPageView({ store, now }, { body, userAgent: CHROME, consent: consent(true) })).toBe('recorded');
    expect(rows(db)).toEqual([
      { id: 1, path: '/evenements', title: 'Événements · Agenda romand', viewed_at: '2026-03-02T10:00:00.000Z' },
    ]);
  });

  it('n’enregistre rien sans consentement, avec un refus, ou pour un robot', async () => {
    const { db, store } = memoryStore();
    const body = JSON.stringify({ path: '/', title: 'Accueil' });
    expect(await recordPageView({ store }, { body, userAgent: CHROME, consent: null })).toBe('ignored');
    expect(await recordPageView({ store }, { body, userAgent: CHROME, consent: consent(false) })).toBe('ignored');
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect(await recordPageView({ store }, { body, userAgent: googlebot, consent: consent(true) })).toBe('ignored');
    expect(await recordPageView({ store }, { body, userAgent: null, consent: consent(true) })).toBe('ignored');
    expect(rows(db)).toEqual([]);
  });

  it.each([
    ['du texte', 'bonjour'],
    ['un tableau', '[]'],
    ['un chemin absent', '{"title":"x"}'],
    ['une autre adresse', '{"path":"https://ailleurs.example/","title":"x"}'],
    ['un chemin protocole-relatif', '{"path":"//ailleurs.example/","title":"x"}'],
    ['un chemin trop long', JSON.stringify({ path: `/${'a'.repeat(400)}`, title: 'x' })],
  ])('refuse %s sans rien écrire', async (_, body) => {
    const { db, store } = memoryStore();
    expect(await recordPageView({ store }, { body, userAgent: CHROME, consent: consent(true) })).toBe('invalid');
    expect(rows(db)).toEqual([]);
  });

  it('ne compte que les pages du site : un chemin qui mènerait ailleurs ou une page inconnue ne sont pas enregistrés', async () => {
    const { db, store } = memoryStore();
    for (const path of [
      '/\\evil.example/login',
      '/\\/evil.example',
      '/%5cevil.example',
      '/page-inventee',
      '/evenement/a/b',
    ]) {
      const body = JSON.stringify({ path, title: 'Connexion' });
      expect(await recordPageView({ store }, { body, userAgent: CHROME, consent: consent(true) }), path).not.toBe(
        'recorded',
      );
    }
    expect(rows(db)).toEqual([]);
  });

  it('au-delà du nombre de chemins distincts d’un jour, un chemin nouveau n’est plus compté ; les connus le sont encore', async () => {
    const { db, store } = memoryStore();
    const view = (path: string) =>
      recordPageView(
        { store, now, maxPathsPerDay: 3 },
        { body: JSON.stringify({ path, title: 'x' }), userAgent: CHROME, consent: consent(true) },
      );
    for (const id of ['a1', 'a2', 'a3']) expect(await view(`/evenement/${id}`)).toBe('recorded');
    expect(await view('/evenement/a4')).toBe('ignored');
    expect(await view('/evenement/a2')).toBe('recorded');
    expect(rows(db)).toHaveLength(4);
  });
});
