import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useNavigate, useRouteLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { homeSummary } from '~/.server/events/home';
import { EventCard } from '~/components/EventCard';
import { WeekFavourites } from '~/components/favourites/WeekFavourites';
import { useLocalityList } from '~/components/form/LocalityList';
import { Link } from '~/components/Link';
import { LazyEventsMap } from '~/components/map/LazyEventsMap';
import { SearchInput } from '~/components/SearchInput';
import { DEFAULT_RADIUS, roundCoordinate } from '~/domain/distance';
import { agendaActorPath } from '~/domain/federation-paths';
import { pageMeta } from '~/domain/meta';
import { formatCount } from '~/domain/numbers';
import type { loader as rootLoader } from '~/root';

export async function loader({ context }: LoaderFunctionArgs) {
  return homeSummary(context.services);
}

export default function HomePage() {
  const { weekend, highlights, categories, partners } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Que faire en Suisse romande ?</h1>
        <p className="lead">
          Concerts, spectacles, marchés, fêtes et balades, de Genève au Jura bernois : {formatCount(highlights.total)}{' '}
          rendez-vous à venir.
        </p>
        <Form method="get" action="/evenements" role="search" className="hero__search">
          <SearchInput
            id="home-search"
            label="Rechercher un événement"
            labelHidden
            placeholder="Concert, marché, ville…"
          />
          <button type="submit" className="button button--primary hero__search-button">
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
              <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            <span className="hero__search-label">Rechercher</span>
          </button>
        </Form>
        <HomeNear />
        <p className="hero__shortcuts">
          <Link to="/evenements?quand=aujourdhui">Aujourd’hui</Link>
          <Link to="/evenements?quand=week-end">Ce week-end</Link>
          <Link to="/evenements?gratuit=1">Gratuit</Link>
          <Link to="/evenements?famille=1">En famille</Link>
        </p>
      </section>

      {weekend.total > 0 ? (
        <section className="page home__section" aria-labelledby="weekend-title">
          <div className="section-head">
            <h2 id="weekend-title">Ce week-end</h2>
            <Link to="/evenements?quand=week-end">
              {weekend.more
                ? `Plus de ${weekend.total} événements`
                : weekend.total > weekend.items.length
                  ? `Les ${weekend.total} événements`
                  : 'Voir la liste'}{' '}
              →
            </Link>
          </div>
          <div className="event-grid">
            {weekend.items.map((event) => (
              <EventCard key={`${event.id}:${event.startsAt}`} event={event} />
            ))}
          </div>
        </section>
      ) : null}

      <section className="page home__section" aria-labelledby="upcoming-title">
        <div className="section-head">
          <h2 id="upcoming-title">À ne pas manquer</h2>
          <Link to="/evenements">Tous les événements →</Link>
        </div>
        {highlights.items.length > 0 ? (
          <div className="event-grid">
            {highlights.items.map((event) => (
              <EventCard key={`${event.id}:${event.startsAt}`} event={event} />
            ))}
          </div>
        ) : (
          <p className="empty-state">
            Aucun événement à venir pour l’instant. <Link to="/organizer/submit-event">Publiez le vôtre !</Link>
          </p>
        )}
      </section>

      {/* Filled by the browser when it has favourites this week (decision 173): the page stays everyone's. */}
      <WeekFavourites />

      <section className="page home__section" aria-labelledby="categories-title">
        <h2 id="categories-title">Par catégorie</h2>
        <ul className="category-tiles">
          {categories.map((c) => (
            <li key={c.slug}>
              <Link
                to={`/evenements?category=${c.slug}`}
                className="category-tile"
                style={{ '--category-color': c.color } as React.CSSProperties}
              >
                <span className="category-tile__label">{c.label}</span>{' '}
                <span className="category-tile__count">
                  {c.count}
                  <span className="visually-hidden"> événements</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {highlights.total > 0 ? (
        <section className="page home__section" aria-labelledby="map-title">
          <div className="section-head">
            <h2 id="map-title">Ce mois sur la carte</h2>
            <Link to="/evenements?vue=carte&quand=mois">Ouvrir la carte →</Link>
          </div>
          <LazyEventsMap
            whenVisible
            points={{ url: '/carte.json?quand=mois' }}
            height={380}
            label="Carte des événements du mois"
            noScript={
              <p>
                Les événements du mois sont aussi <Link to="/evenements?quand=mois">en liste</Link>.
              </p>
            }
            config={root?.map ?? { tileUrl: '', attribution: '' }}
          />
        </section>
      ) : null}

      {partners.length > 0 ? (
        <section className="page home__section" aria-labelledby="partners-title">
          <div className="section-head">
            <h2 id="partners-title">Avec le soutien de</h2>
            <Link to="/partenaires">Partenaires & Donateurs →</Link>
          </div>
          <ul className="partner-strip">
            {partners.map((p) => (
              <li key={p.id}>
                <Link to={`/partenaires/${p.id}`}>
                  {p.logo ? <img src={p.logo} alt={p.name} width={120} height={60} loading="lazy" /> : p.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    description:
      'Concerts, spectacles, marchés, fêtes et sorties en Suisse romande : l’agenda de Genève, Vaud, Valais, Neuchâtel, Fribourg, Jura et Jura bernois.',
    path: '/',
    matches,
    activityPub: agendaActorPath(),
  }),
  // The whole agenda's RSS feed, announced as the list announces its selection's: readers find it from the home page.
  {
    tagName: 'link',
    rel: 'alternate',
    type: 'application/rss+xml',
    title: 'Flux RSS de l’agenda',
    href: '/evenements.rss',
  },
];

/**
 * « Près de moi » from the first screen (issue 70): a locality or a postcode, the list around it within 10 km (a plain
 * GET form, without JavaScript too); with JavaScript, « Près de moi » asks the browser for the position, once, on a tap,
 * and opens the list around it (rounded to two decimals, in the URL only), whatever was typed.
 */
function HomeNear() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const localities = useLocalityList('home-localities', []);
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locate = () => {
    const refused = 'Votre position n’a pas pu être lue\u00a0: indiquez une localité ou un NPA.';
    if (!navigator.geolocation) return setError(refused);
    setLocating(true);
    setError(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        const [lat, lon] = [coords.latitude, coords.longitude].map((c) => roundCoordinate(c).toFixed(2));
        navigate(`/evenements?lat=${lat}&lon=${lon}&rayon=${DEFAULT_RADIUS}`);
      },
      () => {
        setLocating(false);
        setError(refused);
      },
      { timeout: 15_000, maximumAge: 300_000 },
    );
  };
  return (
    <Form method="get" action="/evenements" className="hero__near" aria-label="Près de chez moi">
      <label htmlFor="home-near">Près de</label>
      <input
        id="home-near"
        name="autour"
        list="home-localities"
        placeholder="Localité ou NPA"
        autoComplete="off"
        enterKeyHint="go"
        required
        onFocus={localities.load}
      />
      {localities.list}
      <input type="hidden" name="rayon" value={DEFAULT_RADIUS} />
      <button type="submit" className="button hero__near-button">
        Voir autour
      </button>
      {hydrated ? (
        <button type="button" className="button hero__near-button" onClick={locate} disabled={locating}>
          {locating ? 'Position demandée…' : 'Près de moi'}
        </button>
      ) : null}
      {error ? (
        <p className="hero__near-error" role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
