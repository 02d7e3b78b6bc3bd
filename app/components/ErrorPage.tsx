// The one styled error screen: 404, 403, 429, 500 and 503 (the site cannot save: what was typed is given back).
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';
import type { KeptInput as Kept } from '~/domain/kept-input';
import { pageTitle } from '~/domain/site';
import { KeptInput } from './KeptInput';

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
const knownError = (status: number) => DEFAULTS[status] ?? DEFAULTS[status >= 500 ? 500 : 400];

/** The tab's title of a page that could not be shown (« Page introuvable · … »), never the home page's; not indexed. */
export function errorMeta(error: unknown) {
  const known = knownError(isRouteErrorResponse(error) ? error.status : 500);
  return [{ title: pageTitle(known.title) }, { name: 'robots', content: 'noindex' }];
}

export function ErrorPage({ status, message, kept }: { status: number; message?: string; kept?: Kept | null }) {
  const known = knownError(status);
  return (
    <div className="page error-page" data-status={status}>
      <p className="error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1>{known.title}</h1>
      <p className="lead">{message ?? known.text}</p>
      {kept ? <KeptInput kept={kept} /> : null}
      <ul className="error-page__links">
        <li>
          {/* With input to send again, that is the page's one main action. */}
          <Link to="/" className={kept ? 'button' : 'button button--primary'}>
            Retour à l’accueil
          </Link>
        </li>
        <li>
          <Link to="/evenements" className="button">
            Voir les événements
          </Link>
        </li>
        {status >= 500 ? (
          <li>
            <Link to="/contact" className="button">
              Nous écrire
            </Link>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** The error a route's boundary caught: a thrown response keeps its status (and its message if any), else a 500. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const answer = error.data as { message?: string; kept?: Kept | null } | null;
    return <ErrorPage status={error.status} message={answer?.message} kept={answer?.kept} />;
  }
  return <ErrorPage status={500} />;
}
