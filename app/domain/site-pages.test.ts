import fs from 'node:fs';
import path from 'node:path';
import { UNSAFE_flatRoutes as flatRoutes } from '@remix-run/dev';
import { describe, expect, it } from 'vitest';
import { sameScreenRoutes } from '../same-screen-routes';
import { isSitePage, SITE_PAGES } from './site-pages';

/**
 * The page routes of app/routes, named as Remix names them (nested ones joined to their parent's path), and the
 * « same screen » routes of app/routes.ts.
 */
function pageRoutes(): string[] {
  const manifest = flatRoutes('app', []);
  const fullPath = (id: string): string => {
    const route = manifest[id];
    const parent = route.parentId && route.parentId !== 'root' ? fullPath(route.parentId) : '';
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const pages = Object.values(manifest)
    .filter((route) => /^export default /m.test(fs.readFileSync(path.join('app', route.file), 'utf8')))
    .map((route) => fullPath(route.id) || '/')
    .filter((page) => page !== '/*')
    .concat(sameScreenRoutes.map((route) => `/${route.path}`));
  // A layout and its index share their path (/admin: routes/admin.tsx and admin._index): one page.
  return [...new Set(pages)].sort();
}

describe('pages du site', () => {
  it('la liste est celle des routes de pages de app/routes (la page 404 « * » exclue)', () => {
    expect([...SITE_PAGES].sort()).toEqual(pageRoutes());
  });

  it('reconnaît les chemins de ces pages, rien d’autre', () => {
    for (const page of [
      '/',
      '/faq',
      '/evenement/abc123',
      '/partenaires/chateau-de-gruyeres',
      '/admin/events',
      '/alertes/nouvelle',
    ]) {
      expect(isSitePage(page), page).toBe(true);
    }
    for (const other of [
      '/\\evil.example/login',
      '//evil.example/login',
      '/evenement/abc/def',
      '/evenement/',
      '/evenement/%2e%2e',
      '/mesure-inconnue',
      '/faq/',
      'https://evil.example/',
      '/evenements?q=x',
      `/evenement/${'a'.repeat(101)}`,
      // An alert's link carries its secret: never a page view.
      '/alertes/desabonner/VSds934lDCcSYNO0VeG5eUkC5qgjqgPBSXGQhKkpgnA',
      '',
    ]) {
      expect(isSitePage(other), other).toBe(false);
    }
  });
});
