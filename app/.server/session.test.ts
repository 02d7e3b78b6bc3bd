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
  it('la page de connexion reçoit le chemin voulu, requête comprise', () => {
    expect(loginRedirectUrl(new Request('http://localhost/admin/events?eventId=42'))).toBe(
      '/auth/login?redirect=%2Fadmin%2Fevents%3FeventId%3D42',
    );
    expect(loginRedirectUrl(new Request('http://localhost/dashboard.data'))).toBe('/auth/login?redirect=%2Fdashboard');
  });
});
