import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginRedirectUrl, safeRedirect } from './session';

describe('redirections', () => {
  it('n’accepte que des chemins relatifs de ce site', () => {
    expect(safeRedirect('/organizer/profile')).toBe('/organizer/profile');
    expect(safeRedirect('/admin/events?eventId=42')).toBe('/admin/events?eventId=42');
    for (const evil of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeRedirect(evil)).toBe('/');
    }
  });
  it('une tentative d’injection d’en-tête (CR/LF) ou un caractère de contrôle renvoie à l’accueil', () => {
    expect(safeRedirect('/\r\nSet-Cookie: pris=1')).toBe('/');
    expect(safeRedirect('/../../../Windows/System32/drivers/etc/services\n')).toBe('/');
    expect(safeRedirect('/evenements?q=fête 🎉')).toBe('/evenements?q=f%C3%AAte%20%F0%9F%8E%89');
  });

  it('quelle que soit l’entrée, le résultat est un chemin de ce site valable comme en-tête Location', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }).map((s) => `/${s}`),
        ),
        (input) => {
          const target = safeRedirect(input);
          expect(target.startsWith('/') && !target.startsWith('//')).toBe(true);
          expect(() => new Headers({ Location: target })).not.toThrow();
          expect(new URL(target, 'http://agenda.test').host).toBe('agenda.test');
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it('la page de connexion reçoit le chemin voulu, requête comprise', () => {
    expect(loginRedirectUrl(new Request('http://localhost/admin/events?eventId=42'))).toBe(
      '/auth/login?redirect=%2Fadmin%2Fevents%3FeventId%3D42',
    );
    expect(loginRedirectUrl(new Request('http://localhost/dashboard.data'))).toBe('/auth/login?redirect=%2Fdashboard');
  });
});
