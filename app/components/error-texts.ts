// The words of the error screen by status, and the tab's title of a page that could not be shown: apart from the
// screen itself (ErrorPage.tsx), so that the root's meta carries them without the screen's code (issue 50).
import { isRouteErrorResponse } from '@remix-run/react';
import { pageTitle } from '~/domain/site';

const DEFAULTS: Record<number, { title: string; text: string }> = {
  400: { title: 'Requête invalide', text: 'Votre demande n’a pas pu être traitée.' },
  403: { title: 'Accès refusé', text: 'Vous n’avez pas accès à cette page.' },
  404: {
    title: 'Page introuvable',
    text: 'Cette page n’existe pas ou plus. L’événement a peut-être été retiré, ou le lien contient une faute de frappe.',
  },
  429: { title: 'Trop de tentatives', text: 'Merci de patienter une minute avant de réessayer.' },
  503: {
    title: 'Enregistrement impossible pour le moment',
    text: 'Le site ne peut pas enregistrer pour le moment. Rien n’a été enregistré à moitié : réessayez dans quelques minutes.',
  },
  500: {
    title: 'Une erreur est survenue',
    text: 'Quelque chose s’est mal passé de notre côté. Réessayez dans un instant ; si le problème persiste, écrivez-nous.',
  },
};

/** What a status says: its own words, else those of any client error (400) or server error (500). */
export const knownError = (status: number) => DEFAULTS[status] ?? DEFAULTS[status >= 500 ? 500 : 400];

/** The tab's title of a page that could not be shown (« Page introuvable · … »), never the home page's; not indexed. */
export function errorMeta(error: unknown) {
  const known = knownError(isRouteErrorResponse(error) ? error.status : 500);
  return [{ title: pageTitle(known.title) }, { name: 'robots', content: 'noindex' }];
}
