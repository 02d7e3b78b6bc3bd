// « Aucun événement » proposes one way out per filter, and never the same page twice under two names.

import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { parseEventFilters } from '~/domain/event-filters';
import { EmptyState } from './EmptyState';

/** The links of the empty state for the list's address `search`, as [text, href]. */
async function waysOut(search: string): Promise<[string, string][]> {
  const { filters } = parseEventFilters(new URLSearchParams(search), ['musique']);
  const handler = createStaticHandler([{ path: '/', element: <EmptyState filters={filters} /> }]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('pas de page');
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  return [...html.matchAll(/<a[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((m) => [
    m[2].replace(/&nbsp;|\u00a0/g, ' '),
    m[1].replace(/&amp;/g, '&'),
  ]);
}

describe('aucun événement ne correspond', () => {
  it('des dates seules : « À toutes les dates » mène à toute la liste, sans second lien vers elle', async () => {
    expect(await waysOut('du=2099-01-01&au=2099-01-31')).toEqual([['À toutes les dates', '/evenements']]);
  });

  it('plusieurs filtres : un lien par filtre élargi, qui garde les autres, puis toute la liste', async () => {
    expect(await waysOut('category=musique&canton=VD&quand=week-end')).toEqual([
      ['À toutes les dates', '/evenements?category=musique&canton=VD'],
      ['Dans toute la Romandie', '/evenements?category=musique&quand=week-end'],
      ['Dans toutes les catégories', '/evenements?canton=VD&quand=week-end'],
      ['Tous les événements à venir', '/evenements'],
    ]);
  });

  it('une catégorie seule : un lien, vers toute la liste', async () => {
    expect(await waysOut('category=musique')).toEqual([['Dans toutes les catégories', '/evenements']]);
  });
});
