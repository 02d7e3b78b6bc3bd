import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDIRECT_PAYLOADS, staysOnSite } from '../../../tests/support/redirect-corpus';
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

  it(`aucune des ${REDIRECT_PAYLOADS.length} charges d’open redirect ne quitte le site, et la valeur rendue est celle vérifiée`, () => {
    expect(REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(60);
    for (const payload of REDIRECT_PAYLOADS) {
      const target = safeRedirect(payload);
      expect(staysOnSite(target), `${JSON.stringify(payload)} → ${target}`).toBe(true);
      // What was checked is what is sent: checking the answer again changes nothing.
      expect(safeRedirect(target)).toBe(target);
    }
    // The lures of the report: normalised into a second host before, now the fallback.
    for (const lure of ['/.//evil.example/phish', '/..//x', '/%2e%2e//x', '/a/..//evil.example']) {
      expect(safeRedirect(lure, '/dashboard')).toBe('/dashboard');
    }
  });

  it('des chemins faits de segments piégés (., .., %2e, barres, contrôles) ne donnent jamais un autre site', () => {
    const segment = fc.constantFrom(
      '',
      '.',
      '..',
      '%2e',
      '%2e%2e',
      '.%2e',
      '%2E.',
      '%2f',
      '%5c',
      '\\',
      '\t',
      '\n',
      '%09',
      '\uff0f',
      'evil.example',
      'a',
      '@',
    );
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 8 }),
        fc.constantFrom('', '?x=//evil.example', '#//evil'),
        (parts, tail) => {
          const target = safeRedirect(`/${parts.join('/')}${tail}`);
          expect(staysOnSite(target)).toBe(true);
          expect(safeRedirect(target)).toBe(target);
        },
      ),
      { numRuns: 5_000 },
    );
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
          expect(staysOnSite(target)).toBe(true);
          expect(safeRedirect(target)).toBe(target);
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
