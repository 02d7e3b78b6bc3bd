// « Infos pratiques »: performers, price, who, contact, accessibility, tickets, the calendar files and sharing. When is
// said once, under the title (and, for a series, in its « Quand »), not again here.
import type { useLoaderData } from '@remix-run/react';
import { FavouriteButton } from '~/components/favourites/FavouriteButton';
import { useFigurePing } from '~/components/figure-ping';
import { Link } from '~/components/Link';
import { ShareButton } from '~/components/ShareButton';
import { performersText } from '~/domain/performers';
import { formatPrice } from '~/domain/price';
import type { loader } from './route';

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** Where « Ajouter au calendrier » of the phone's bar leads. */
export const CALENDAR_ANCHOR = 'ajouter-au-calendrier';

export function EventFacts({
  event,
  organizerSlug,
  eventUrl,
  calendar,
  chosen,
}: {
  event: Loaded['event'];
  /** The organizer's page (issue 36), when its record is approved. */
  organizerSlug: string | null;
  eventUrl: string;
  /** The .ics file and Google Calendar's form, built by the loader: one date's, and then its series'. */
  calendar: Loaded['links']['calendar'];
  /** The date of a series this page shows (`?date=`): kept on its own, or the whole series. */
  chosen: { startsAt: string } | null;
}) {
  const whole = { eventId: event.id, startsAt: null };
  const accessibility = [
    event.accessibility.wheelchair ? 'Accessible en fauteuil roulant' : null,
    event.accessibility.hearing ? 'Équipé pour les personnes malentendantes' : null,
    event.accessibility.familyFriendly ? 'Adapté aux familles et aux enfants' : null,
  ].filter(Boolean);
  const counted = useFigurePing(event.id);
  return (
    <aside className="event-detail__facts card" aria-label="Infos pratiques">
      <dl>
        {event.performers?.length ? (
          <>
            <dt>Artistes, intervenants</dt>
            <dd data-testid="performers">{performersText(event.performers)}</dd>
          </>
        ) : null}
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
            <a
              className="button button--primary"
              href={event.ticketUrl}
              rel="noopener noreferrer"
              {...counted('tickets')}
            >
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
        {calendar.series ? <p data-testid="calendar-one-date">Cette date seulement&#8239;:</p> : null}
        <a className="button" href={calendar.ics} download {...counted('calendar')}>
          Fichier .ics (Apple, Outlook…)
        </a>
        <a className="button" href={calendar.google} rel="noopener noreferrer" {...counted('calendar')}>
          Google Agenda
        </a>
        {calendar.series ? (
          <>
            <p>Toutes les dates de la série&#8239;:</p>
            <a className="button" href={calendar.series.ics} download {...counted('calendar')}>
              Toute la série (.ics)
            </a>
            {calendar.series.google ? (
              <a className="button" href={calendar.series.google} rel="noopener noreferrer" {...counted('calendar')}>
                Toute la série dans Google Agenda
              </a>
            ) : null}
          </>
        ) : null}
      </section>
      <section className="facts__group" aria-labelledby="keep-title">
        <h2 className="facts__title" id="keep-title">
          Mes favoris
        </h2>
        {chosen ? (
          <FavouriteButton
            favourite={{ eventId: event.id, startsAt: chosen.startsAt }}
            title={`${event.title}, cette date`}
            label="Garder cette date"
          />
        ) : null}
        <FavouriteButton
          favourite={whole}
          title={event.title}
          label={event.schedule ? 'Garder toute la série' : 'Garder'}
        />
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
