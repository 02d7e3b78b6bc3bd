// The server's `<Link>` writes what Remix's writes, to the byte: the browser hydrates it, and its route discovery reads
// `data-discover`. What it does not take on (a relative path, another site, prefetching) goes to Remix's own.

// biome-ignore lint/style/noRestrictedImports: Remix's Link is the reference here.
import { Link as RemixLink } from '@remix-run/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { ServerLink } from './Link';

/** Rendered on the server at a page two levels down, as a route of the site would be. */
async function render(element: ReactElement): Promise<string> {
  const handler = createStaticHandler([{ path: '/evenement/:id', element }]);
  const context = await handler.query(new Request('http://localhost/evenement/abc?date=2026-12-03'));
  if (context instanceof Response) throw new Error('pas de page');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const cases: [string, Record<string, unknown>][] = [
  ['/lieux/salle-del-castillo', { className: 'card__link', 'aria-current': 'date' }],
  ['/evenements?category=musique&canton=VD', {}],
  ['/evenement/abc?date=2026-12-10#dates', { id: 'x' }],
  ['/support-us#don', { target: '_blank', rel: 'noopener' }],
  ['/evenements?', {}],
  ['/evenements#', {}],
  ['/evenement/abc/calendrier.ics', { reloadDocument: true }],
  ['/contact', { discover: 'none', replace: true, state: { from: 'x' }, preventScrollReset: true }],
  ['https://www.sbb.ch/fr', {}],
  ['//cdn.example.org/x', {}],
  ['dates', {}],
  ['../autre', { relative: 'path' }],
  ['/organizer/profile', { prefetch: 'intent' }],
];

describe('the site’s Link on the server', () => {
  it.each(cases)('writes what Remix writes for %s', async (to, props) => {
    const ours = await render(
      <ServerLink to={to} {...props}>
        Voir
      </ServerLink>,
    );
    const remix = await render(
      <RemixLink to={to} {...props}>
        Voir
      </RemixLink>,
    );
    expect(ours).toBe(remix);
    expect(ours).toContain('>Voir</a>');
  });
});
