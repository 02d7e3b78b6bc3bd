// The title of the error screen by status, and the tab's title of a page that could not be shown: apart from the screen
// itself (ErrorPage.tsx, which has the sentences), so that the root's meta carries only these words (issue 50).
import { isRouteErrorResponse } from '@remix-run/react';
import { pageTitle } from '~/domain/site';

export const ERROR_TITLES: Record<number, string> = {
  400: 'Requête invalide',
  403: 'Accès refusé',
  404: 'Page introuvable',
  429: 'Trop de tentatives',
  503: 'Enregistrement impossible pour le moment',
  500: 'Une erreur est survenue',
};

/** The status whose words a status takes: its own, else those of any client error (400) or server error (500). */
export const knownStatus = (status: number) => (ERROR_TITLES[status] ? status : status >= 500 ? 500 : 400);

/** The tab's title of a page that could not be shown (« Page introuvable · … »), never the home page's; not indexed. */
export function errorMeta(error: unknown) {
  const title = ERROR_TITLES[knownStatus(isRouteErrorResponse(error) ? error.status : 500)];
  return [{ title: pageTitle(title) }, { name: 'robots', content: 'noindex' }];
}
