// /organisateurs/:slug: an organizer's page (issue 36) — its public name, description, website and logo, its upcoming
// and past events (a series once), its feeds, alert and widget. A former slug redirects (301); a proposed one is 404.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { followState } from '~/.server/favourites/follows';
import { organizerPage } from '~/.server/places/public-places';
import { getCurrentUser } from '~/.server/platform/session';
import { registrationsOf } from '~/.server/registrations/registrations';
import { FollowForm } from '~/components/follows/FollowForm';
import { Link } from '~/components/Link';
import { PlaceDescription } from '~/components/places/PlaceDescription';
import { PlaceEvents } from '~/components/places/PlaceEvents';
import { PlaceFollow } from '~/components/places/PlaceFollow';
import { toEventCard } from '~/domain/event-card';
import { formatEventWhen } from '~/domain/event-dates';
import { jsonForScript } from '~/domain/event-jsonld';
import { organizerActorPath } from '~/domain/federation-paths';
import { imageUrl } from '~/domain/images';
import { pageMeta } from '~/domain/meta';
import { organizerLd, withContext } from '~/domain/place-jsonld';
import type { loader as rootLoader } from '~/root';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const now = new Date();
  const page = await organizerPage(context.services, params.slug ?? '', now);
  if (!page) throw data({ message: 'Cet organisateur n’existe pas ou n’est pas public.' }, { status: 404 });
  if ('moved' in page) return redirect(`/organisateurs/${page.moved}`, 301);
  const organizer = page.record;
  // The page's places to book in one read (issue 73).
  const registration = await registrationsOf(context.services, page.upcoming, now);
  // « Suivre » (decision 173): an account's own state; a visitor without one gets the same page as everyone.
  const user = await getCurrentUser(request, context.services);
  const follow = user
    ? await followState(context.services.store, user, { kind: 'organisateur', slug: organizer.slug })
    : null;
  return {
    organizer: {
      id: organizer.id,
      slug: organizer.slug,
      name: organizer.name,
      description: organizer.description,
      website: organizer.website,
      logo: organizer.logo,
    },
    jsonLd: jsonForScript(withContext(organizerLd(organizer, context.services.config.SITE_URL))),
    events: page.upcoming.map((e) => toEventCard(e, { now, registration: registration(e) })),
    total: page.total,
    past: page.past.map((e) => ({ id: e.id, title: e.title, when: formatEventWhen(e), city: e.city })),
    indexable: page.indexable,
    fediverse: page.fediverse,
    follow,
  };
}

export default function OrganizerPage() {
  const { organizer, jsonLd, events, total, past, fediverse, follow } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <div className="page place-page" data-testid="organizer-page">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript (no <, >, &). */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <p className="breadcrumb">
        <Link to="/organisateurs">Organisateurs</Link>
      </p>
      <header className="page-header place-page__header">
        {organizer.logo ? (
          <img
            className="place-page__logo"
            src={imageUrl(organizer.logo.path, 400)}
            width={Math.min(160, organizer.logo.width)}
            height={Math.round((Math.min(160, organizer.logo.width) * organizer.logo.height) / organizer.logo.width)}
            alt={`Logo de ${organizer.name}`}
          />
        ) : null}
        <h1>{organizer.name}</h1>
        {organizer.website ? (
          <p className="lead">
            <a href={organizer.website} rel="noopener noreferrer">
              Site web de l’organisateur
            </a>
          </p>
        ) : null}
      </header>
      <PlaceDescription text={organizer.description} />

      <PlaceEvents
        headingId="organisateur-evenements"
        events={events}
        total={total}
        listHref={`/evenements?organisateur=${organizer.slug}`}
        empty={{ text: 'Aucun événement à venir pour le moment.', testId: 'organizer-no-events' }}
      />

      {past.length > 0 ? (
        <section aria-labelledby="organisateur-passes" className="place-page__past">
          <h2 id="organisateur-passes">Événements passés</h2>
          <ul data-testid="organizer-past">
            {past.map((e) => (
              <li key={e.id}>
                <Link to={`/evenement/${e.id}`}>{e.title}</Link> · {e.when} · {e.city}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <FollowForm kind="organisateur" slug={organizer.slug} name={organizer.name} state={follow} />
      <PlaceFollow
        param="organisateur"
        slug={organizer.slug}
        siteUrl={root?.siteUrl ?? ''}
        fediverse={fediverse}
        alertTitle="Recevoir les événements de cet organisateur par email"
        alertDescription={`par ${organizer.name}`}
      />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta({
        title: data.organizer.name,
        description: (
          data.organizer.description ||
          `Les événements de ${data.organizer.name} en Suisse romande\u00a0: programme et archives.`
        ).slice(0, 200),
        path: `/organisateurs/${data.organizer.slug}`,
        matches,
        image: data.organizer.logo ? imageUrl(data.organizer.logo.path, 800) : undefined,
        noindex: !data.indexable,
        activityPub: organizerActorPath(data.organizer.id),
      })
    : [];
