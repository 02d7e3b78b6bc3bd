// « Infos pratiques »: price, who, contact, accessibility, tickets, the calendar files and sharing. When is said once,
// under the title (and, for a series, in its « Quand »), not again here.
import { Link, type useLoaderData } from '@remix-run/react';
import { ShareButton } from '~/components/ShareButton';
import { formatPrice } from '~/domain/price';
import type { loader } from './route';

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** Where « Ajouter au calendrier » of the phone's bar leads. */
export const CALENDAR_ANCHOR = 'ajouter-au-calendrier';

export function EventFacts({
  event,
  organizerSlug,
  eventUrl,
  googleCalendarUrl,
}: {
  event: Loaded['event'];
  /** The organizer's page (issue 36), when its record is approved. */
  organizerSlug: string | null;
  eventUrl: string;
  /** Google Calendar's form for this event, built by the loader. */
  googleCalendarUrl: string;
}) {
  const accessibility = [
    event.accessibility.wheelchair ? 'Accessible en fauteuil roulant' : null,
    event.accessibility.hearing ? 'Équipé pour les personnes malentendantes' : null,
    event.accessibility.familyFriendly ? 'Adapté aux familles et aux enfants' : null,
  ].filter(Boolean);
  return (
    <aside className="event-detail__facts card" aria-label="Infos pratiques">
      <dl>
        <dt>Prix</dt>
        <dd data-testid="price">
          {formatPrice(event)}
          {event.priceNote ? ` · ${event.priceNote}` : ''}
        </dd>
        {event.organizerName ? (
          <>
            <dt>Organisation</dt>
            <dd>
              {organizerSlug ? (
                <Link to={`/organisateurs/${organizerSlug}`} data-testid="organizer-link">
                  {event.organizerName}
                </Link>
              ) : (
                event.organizerName
              )}
            </dd>
          </>
        ) : null}
        {event.contactEmail || event.contactPhone ? (
          <>
            <dt>Contact</dt>
            <dd>
              {event.contactEmail ? <a href={`mailto:${event.contactEmail}`}>{event.contactEmail}</a> : null}
              {event.contactEmail && event.contactPhone ? <br /> : null}
              {event.contactPhone ? (
                <a href={`tel:${event.contactPhone.replace(/\s/g, '')}`}>{event.contactPhone}</a>
              ) : null}
            </dd>
          </>
        ) : null}
        <dt>Accessibilité</dt>
        <dd>{accessibility.length ? accessibility.join(' · ') : 'Non communiquée'}</dd>
      </dl>
      {event.ticketUrl || event.websiteUrl ? (
        <div className="facts__group">
          {event.ticketUrl ? (
            <a className="button button--primary" href={event.ticketUrl} rel="noopener noreferrer">
              Billetterie
            </a>
          ) : null}
          {event.websiteUrl ? (
            <a className="button" href={event.websiteUrl} rel="noopener noreferrer">
              Site de l’événement
            </a>
          ) : null}
        </div>
      ) : null}
      <section className="facts__group" id={CALENDAR_ANCHOR} aria-labelledby="calendar-title">
        <h2 className="facts__title" id="calendar-title">
          Ajouter au calendrier
        </h2>
        <a className="button" href={`/evenement/${event.id}/calendrier.ics`} download>
          Fichier .ics (Apple, Outlook…)
        </a>
        <a className="button" href={googleCalendarUrl} rel="noopener noreferrer">
          Google Agenda
        </a>
      </section>
      <section className="facts__group" aria-labelledby="share-title">
        <h2 className="facts__title" id="share-title">
          Partager
        </h2>
        <ShareButton url={eventUrl} title={event.title} />
      </section>
    </aside>
  );
}
