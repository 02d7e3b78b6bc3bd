// /lieux/:slug: a venue's page (issue 36) — its upcoming events (a series once), how to get there, its accessibility,
// its feeds, alert and widget. A former slug redirects (301) to the kept record; a proposed venue is not public (404).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { followState } from '~/.server/favourites/follows';
import { venuePage } from '~/.server/places/public-places';
import { getCurrentUser } from '~/.server/platform/session';
import { registrationsOf } from '~/.server/registrations/registrations';
import { EventImage } from '~/components/EventImage';
import { FollowForm } from '~/components/follows/FollowForm';
import { Link } from '~/components/Link';
import { LazyEventsMap } from '~/components/map/LazyEventsMap';
import { PlaceDescription } from '~/components/places/PlaceDescription';
import { PlaceEvents } from '~/components/places/PlaceEvents';
import { PlaceFollow } from '~/components/places/PlaceFollow';
import { CANTON_NAMES } from '~/domain/cantons';
import { toEventCard } from '~/domain/event-card';
import { jsonForScript } from '~/domain/event-jsonld';
import { venueActorPath } from '~/domain/federation-paths';
import { imageUrl } from '~/domain/images';
import { pageMeta } from '~/domain/meta';
import { venuePlaceLd, withContext } from '~/domain/place-jsonld';
import { ACCESSIBILITY_LABELS, venueAddress, venueLinks } from '~/domain/venue-links';
import type { loader as rootLoader } from '~/root';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const now = new Date();
  const page = await venuePage(context.services, params.slug ?? '', now);
  if (!page) throw data({ message: 'Ce lieu n’existe pas ou n’est pas public.' }, { status: 404 });
  if ('moved' in page) return redirect(`/lieux/${page.moved}`, 301);
  const venue = page.record;
  // The page's places to book in one read (issue 73).
  const registration = await registrationsOf(context.services, page.upcoming, now);
  // « Suivre » (decision 173): an account's own state; a visitor without one gets the same page as everyone.
  const user = await getCurrentUser(request, context.services);
  const follow = user ? await followState(context.services.store, user, { kind: 'lieu', slug: venue.slug }) : null;
  return {
    venue,
    address: venueAddress(venue),
    links: venueLinks(venue),
    jsonLd: jsonForScript(withContext(venuePlaceLd(venue, context.services.config.SITE_URL))),
    events: page.upcoming.map((e) => toEventCard(e, { now, registration: registration(e) })),
    total: page.total,
    indexable: page.indexable,
    fediverse: page.fediverse,
    follow,
  };
}

export default function VenuePage() {
  const { venue, address, links, jsonLd, events, total, fediverse, follow } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const access = ACCESSIBILITY_LABELS.filter((a) => venue.accessibility[a.key]);
  return (
    <div className="page place-page" data-testid="venue-page">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript (no <, >, &). */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <p className="breadcrumb">
        <Link to="/lieux">Lieux</Link> › <Link to={`/lieux?canton=${venue.canton}`}>{CANTON_NAMES[venue.canton]}</Link>
      </p>
      <header className="page-header place-page__header">
        <h1>{venue.name}</h1>
        <p className="lead">{address}</p>
      </header>
      {venue.photo ? (
        <EventImage className="place-page__photo" image={venue.photo} sizes="(max-width: 760px) 100vw, 720px" />
      ) : null}
      <PlaceDescription text={venue.description} />

      <PlaceEvents
        headingId="lieu-evenements"
        events={events}
        total={total}
        listHref={`/evenements?lieu=${venue.slug}`}
        empty={{ text: 'Aucun événement à venir dans ce lieu pour le moment.', testId: 'venue-no-events' }}
      />

      <section aria-labelledby="lieu-acces" className="event-place">
        <h2 id="lieu-acces">Y aller</h2>
        <p className="event-place__address">
          <a href={links.addressMap} rel="noopener noreferrer">
            {address}
          </a>
          {venue.stop ? (
            <>
              <br />
              Arrêt de transports publics&nbsp;: {venue.stop}
            </>
          ) : null}
        </p>
        <p className="event-place__actions">
          <a href={links.directions} rel="noopener noreferrer" className="button button--primary">
            Itinéraire
          </a>
          <a href={links.sbb} rel="noopener noreferrer" className="button" data-testid="venue-sbb">
            Horaire CFF{venue.stop ? ` jusqu’à ${venue.stop}` : ''}
          </a>
        </p>
        <p className="event-place__more">
          <a href={links.appleMaps} rel="noopener noreferrer">
            Ouvrir dans Plans (iPhone)
          </a>
          {venue.website ? (
            <>
              {' · '}
              <a href={venue.website} rel="noopener noreferrer">
                Site web du lieu
              </a>
            </>
          ) : null}
        </p>
        {venue.lat != null && venue.lng != null ? (
          <LazyEventsMap
            single
            place
            whenVisible
            height={260}
            label={`Carte\u00a0: ${venue.name}`}
            config={root?.map ?? { tileUrl: '', attribution: '' }}
            noScript={null}
            points={[
              {
                id: venue.id,
                title: venue.name,
                lat: venue.lat,
                lng: venue.lng,
                startsAt: '',
                endsAt: '',
                allDay: false,
                city: venue.locality,
                category: '',
              },
            ]}
          />
        ) : null}
      </section>

      <section aria-labelledby="lieu-accessibilite" className="place-page__access">
        <h2 id="lieu-accessibilite">Accessibilité</h2>
        {access.length > 0 ? (
          <ul data-testid="venue-accessibility">
            {access.map((a) => (
              <li key={a.key}>{a.label}</li>
            ))}
          </ul>
        ) : (
          <p>Le lieu n’a pas encore indiqué son accessibilité. Renseignez-vous auprès des organisateurs.</p>
        )}
      </section>

      <FollowForm kind="lieu" slug={venue.slug} name={venue.name} state={follow} />
      <PlaceFollow
        param="lieu"
        slug={venue.slug}
        siteUrl={root?.siteUrl ?? ''}
        fediverse={fediverse}
        alertTitle="Recevoir les événements de ce lieu par email"
        alertDescription={venue.name}
      />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta({
        title: `${data.venue.name} · ${data.venue.locality}`,
        description: (
          data.venue.description ||
          `Les prochains événements à ${data.venue.name}, ${data.venue.locality}\u00a0: programme, accès, accessibilité.`
        ).slice(0, 200),
        path: `/lieux/${data.venue.slug}`,
        matches,
        image: data.venue.photo ? imageUrl(data.venue.photo.path, 1600) : undefined,
        // Not indexed until it has had a public event: an empty page says nothing to a search engine.
        noindex: !data.indexable,
        activityPub: venueActorPath(data.venue.id),
      })
    : [];
