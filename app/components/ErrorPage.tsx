// The one styled error screen: 404, 403, 429, 500 and 503 (the site cannot save: what was typed is given back).
import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Link } from '~/components/Link';
import type { KeptInput as Kept } from '~/domain/kept-input';
import { ERROR_TITLES, knownStatus } from './error-texts';
import { KeptInput } from './KeptInput';

export { errorMeta } from './error-texts';

const TEXTS: Record<number, string> = {
  400: 'Votre demande n’a pas pu être traitée.',
  403: 'Vous n’avez pas accès à cette page.',
  404: 'Cette page n’existe pas ou plus. L’événement a peut-être été retiré, ou le lien contient une faute de frappe.',
  429: 'Merci de patienter une minute avant de réessayer.',
  503: 'Le site ne peut pas enregistrer pour le moment. Rien n’a été enregistré à moitié : réessayez dans quelques minutes.',
  500: 'Quelque chose s’est mal passé de notre côté. Réessayez dans un instant ; si le problème persiste, écrivez-nous.',
};

/** What a status says: its own words, else those of any client error (400) or server error (500). */
const knownError = (status: number) => {
  const known = knownStatus(status);
  return { title: ERROR_TITLES[known], text: TEXTS[known] };
};

export function ErrorPage({ status, message, kept }: { status: number; message?: string; kept?: Kept | null }) {
  const known = knownError(status);
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown in the browser in place of a page (a sending refused, a link followed), the error would keep the scroll of
  // the page it replaced: it opens at its top, its title focused and read out. Not when the server wrote it (the page
  // opens at its top, where a reader starts).
  const afterHydration = useRef(useHydrated());
  useEffect(() => {
    if (!afterHydration.current) return;
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="page error-page" data-status={status}>
      <p className="error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {known.title}
      </h1>
      <p className="lead">{message ?? known.text}</p>
      {kept ? <KeptInput kept={kept} status={status} /> : null}
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
