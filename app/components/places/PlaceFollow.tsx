// « Suivre » on a venue's or an organizer's page (issue 36): its feeds (the list's, filtered on it), the alert by email
// without an account, and its agenda for another site (the iframe and the web component, filtered on it).
import { AlertSubscribeLite } from '~/components/alerts/AlertSubscribeLite';
import { FediverseHandle } from '~/components/FediverseHandle';
import { embedFrameHeight, embedHostScript } from '~/domain/embed';

export function PlaceFollow({
  param,
  slug,
  siteUrl,
  alertTitle,
  alertDescription,
  fediverse,
}: {
  /** `lieu` or `organisateur`: the list's filter on this record. */
  param: 'lieu' | 'organisateur';
  slug: string;
  siteUrl: string;
  alertTitle: string;
  alertDescription: string;
  /** Its fediverse handle when the federation is on (decision 096), else null. */
  fediverse: string | null;
}) {
  const query = `${param}=${encodeURIComponent(slug)}`;
  const iframe = `<iframe src="${siteUrl}/integrer?${query}&limite=5" title="Agenda romand" width="100%" height="${embedFrameHeight(5)}" loading="lazy" style="border:0" data-agenda-romand></iframe>\n${embedHostScript(siteUrl)}`;
  const component = `<script src="${siteUrl}/widget.js" defer></script>\n<agenda-romand ${param}="${slug}" limite="5"></agenda-romand>`;
  return (
    <>
      <section aria-labelledby="suivre-titre" className="place-follow">
        <h2 id="suivre-titre">S’abonner</h2>
        <p className="feeds">
          <a href={`/evenements.ics?${query}`} data-testid="place-ics">
            Calendrier (iCal)
          </a>{' '}
          · <a href={`/evenements.rss?${query}`}>Flux RSS</a> ·{' '}
          <a href={`/evenements?${query}`}>Tous ses événements dans l’agenda</a>
        </p>
        {fediverse ? (
          <p className="place-follow__fediverse" data-testid="place-fediverse">
            Suivre sur Mastodon&nbsp;: <FediverseHandle handle={fediverse} />
          </p>
        ) : null}
      </section>
      <AlertSubscribeLite filter={query} description={alertDescription} title={alertTitle} />
      <details className="place-embed">
        <summary>Afficher ces événements sur votre site</summary>
        <p>
          Collez ce code dans une page de votre site&nbsp;: la liste se tient à jour toute seule, sans cookie.{' '}
          <a href={`/integrer/configurateur`}>Plus de choix dans le configurateur</a>.
        </p>
        <div className="field">
          <label htmlFor="place-embed-iframe">Cadre (iframe)</label>
          <textarea id="place-embed-iframe" readOnly rows={4} value={iframe} data-testid="place-embed-iframe" />
        </div>
        <div className="field">
          <label htmlFor="place-embed-component">Composant web</label>
          <textarea id="place-embed-component" readOnly rows={2} value={component} />
        </div>
      </details>
    </>
  );
}
