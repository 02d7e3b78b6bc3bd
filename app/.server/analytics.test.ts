import { describe, expect, it } from 'vitest';
import type { CookieConsent } from '~/domain/consent';
import { memoryStore } from '../../tests/unit/memory-store';
import { recordPageView } from './analytics';

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
});
