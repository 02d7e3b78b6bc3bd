import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { getEventForViewer } from '~/.server/events';
import { getCurrentUser } from '~/.server/session';
import { getStore } from '~/.server/store';
import { CANTON_NAMES } from '~/domain/cantons';
import { categoryLabel } from '~/domain/categories';
import { formatEventWhen } from '~/domain/event-dates';
import { pageMeta } from '~/domain/meta';
import { formatPrice } from '~/domain/price';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await getCurrentUser(request);
  const event = await getEventForViewer(getStore(), params.id ?? '', viewer);
  if (!event) throw data({ message: 'Cet événement n’existe pas ou n’est pas public.' }, { status: 404 });
  return { event, isPast: Date.parse(event.endsAt) < Date.now() };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta({
        title: data.event.title,
        description: data.event.description.slice(0, 160),
        path: `/evenement/${data.event.id}`,
        matches,
      })
    : [];

const STATUS_BANNERS: Record<string, string> = {
  pending: 'Cet événement est en attente de modération : il n’est pas encore public.',
  rejected: 'Cet événement a été refusé par la modération : il n’est pas public.',
};

export default function EventDetailPage() {
  const { event, isPast } = useLoaderData<typeof loader>();
  return (
    <article className="page event-detail">
      {STATUS_BANNERS[event.status] ? (
        <p className="notice notice--warning" data-testid="status-banner">
          {STATUS_BANNERS[event.status]}
        </p>
      ) : null}
      {event.status === 'cancelled' ? <p className="notice notice--error">Cet événement est annulé.</p> : null}
      {isPast ? <p className="notice">Cet événement est passé.</p> : null}
      <header className="page-header">
        <p className="event-detail__category">
          <Link to={`/evenements?category=${event.category}`}>{categoryLabel(event.category)}</Link>
        </p>
        <h1>{event.title}</h1>
        <p className="lead">
          <time dateTime={event.startsAt}>{formatEventWhen(event)}</time>
        </p>
      </header>
      <div className="event-detail__body">
        <div className="event-detail__description">
          {event.description.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
        <aside className="event-detail__facts card">
          <h2>Infos pratiques</h2>
          <dl>
            <dt>Lieu</dt>
            <dd>
              {event.venueName}
              <br />
              {event.street ? (
                <>
                  {event.street}
                  <br />
                </>
              ) : null}
              {event.postalCode} {event.city} ({CANTON_NAMES[event.canton]})
            </dd>
            <dt>Prix</dt>
            <dd>
              {formatPrice(event)}
              {event.priceNote ? ` · ${event.priceNote}` : ''}
            </dd>
            {event.organizerName ? (
              <>
                <dt>Organisation</dt>
                <dd>{event.organizerName}</dd>
              </>
            ) : null}
            <dt>Accessibilité</dt>
            <dd>
              {[
                event.accessibility.wheelchair ? 'Accessible en fauteuil roulant' : null,
                event.accessibility.hearing ? 'Boucle magnétique' : null,
                event.accessibility.familyFriendly ? 'Adapté aux familles' : null,
              ]
                .filter(Boolean)
                .join(' · ') || 'Non communiquée'}
            </dd>
          </dl>
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
        </aside>
      </div>
    </article>
  );
}
