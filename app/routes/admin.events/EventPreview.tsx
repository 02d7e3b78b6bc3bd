// The event as the moderator decides on it: image, facts, description (its working copy, a pending revision applied).
import { Form, type useLoaderData } from '@remix-run/react';
import { EventImage } from '~/components/EventImage';
import { FormSecurity } from '~/components/FormSecurity';
import { ScheduleSummary } from '~/components/ScheduleSummary';
import { formatDateTime } from '~/domain/dates';
import type { loader } from './route';

/** The intent of « Confirmer ce lieu / Autre lieu » (VENUE_SUGGESTION_INTENT on the server). */
const VENUE_SUGGESTION = 'lieu-propose';

type Selected = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['selected']>;

/** An address the organizer gave, opened apart from the moderation page; a dash when there is none. */
function LinkOrDash({ url }: { url: string | null | undefined }) {
  return url ? (
    <a href={url} rel="noopener noreferrer nofollow" target="_blank">
      {url}
    </a>
  ) : (
    '—'
  );
}

/**
 * The event's venue record: a proposed one is approved with the event; one that probably is a known venue asks
 * « Lieu proposé : … — confirmer / autre lieu » (decision 095).
 */
function VenueRecord({ record }: { record: Selected['venueRecord'] }) {
  if (!record) return null;
  return (
    <>
      <dt>Fiche du lieu</dt>
      <dd data-testid="venue-record">
        {record.suggestion ? (
          <Form method="post" className="venue-suggestion">
            <FormSecurity />
            <input type="hidden" name="intent" value={VENUE_SUGGESTION} />
            <input type="hidden" name="venueId" value={record.id} />
            <p>
              Lieu proposé : <strong>{record.suggestion.name}</strong>, {record.suggestion.where} — l’événement dit{' '}
              {`« ${record.name} »`}, {record.where}.
            </p>
            <button type="submit" name="same" value="1" className="button button--small">
              Confirmer ce lieu
            </button>{' '}
            <button type="submit" name="same" value="0" className="button button--small button--ghost">
              Autre lieu
            </button>
          </Form>
        ) : (
          <>
            {record.name}, {record.where}
            {record.pending ? ' (nouveau lieu proposé : approuvé avec l’événement)' : ''}
          </>
        )}
      </dd>
    </>
  );
}

export function EventPreview({ event }: { event: Selected }) {
  return (
    <div className="moderation__preview">
      {event.image ? (
        <EventImage image={event.image} sizes="(max-width: 900px) 100vw, 600px" />
      ) : (
        <p className="field__hint">Pas d’image.</p>
      )}
      <dl className="moderation__facts">
        {event.schedule ? (
          <>
            <dt>Horaire</dt>
            <dd>
              <ScheduleSummary summary={event.schedule} testId="preview-schedule" />
            </dd>
          </>
        ) : null}
        <dt>Catégorie</dt>
        <dd>{event.category}</dd>
        <dt>Artistes, intervenants</dt>
        <dd>{event.performers || '—'}</dd>
        <dt>Prix</dt>
        <dd>
          {event.price}
          {event.priceNote ? ` (${event.priceNote})` : ''}
        </dd>
        <VenueRecord record={event.venueRecord} />
        <dt>Fiche de l’organisateur</dt>
        <dd data-testid="organizer-record">
          {event.organizerRecord
            ? `${event.organizerRecord.name}${event.organizerRecord.pending ? ' (proposé : approuvé avec l’événement)' : ''}`
            : '—'}
        </dd>
        <dt>Organisateur affiché</dt>
        <dd>{event.organizerName || '—'}</dd>
        <dt>Contact</dt>
        <dd>{[event.contactEmail, event.contactPhone].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>Billetterie</dt>
        <dd>
          <LinkOrDash url={event.ticketUrl} />
        </dd>
        <dt>Site web</dt>
        <dd>
          <LinkOrDash url={event.websiteUrl} />
        </dd>
        <dt>Accessibilité</dt>
        <dd>{event.accessibility.length ? event.accessibility.join(', ') : '—'}</dd>
        <dt>Carte</dt>
        <dd data-testid="moderation-point">
          {event.point ? (
            <>
              {event.point.near} (
              <a href={event.point.mapUrl} rel="noopener noreferrer" target="_blank">
                voir le point sur la carte
              </a>
              )
              {event.point.warning ? (
                <strong className="form-error" role="note">
                  {' '}
                  {event.point.warning}
                </strong>
              ) : null}
            </>
          ) : (
            'Sans position (absent de la carte)'
          )}
        </dd>
        <dt>Soumis le</dt>
        <dd>{formatDateTime(event.submittedAt)}</dd>
      </dl>
      <div className="moderation__description">
        {event.description.split(/\n{2,}/).map((paragraph, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text never move.
          <p key={i}>{paragraph}</p>
        ))}
      </div>
    </div>
  );
}
