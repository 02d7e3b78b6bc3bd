import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { listUpcomingEvents } from '~/.server/events';
import { getStore } from '~/.server/store';
import { EventCard } from '~/components/EventCard';
import { pageMeta } from '~/domain/meta';
import { SITE_TAGLINE } from '~/domain/site';

export async function loader(_args: LoaderFunctionArgs) {
  const store = getStore();
  const now = new Date();
  const [upcoming, categories, counts, partners] = await Promise.all([
    listUpcomingEvents(store, { page: 1 }, now),
    store.categories.list(),
    store.events.countUpcomingByCategory(now.toISOString()),
    store.partners.list({ activeOnly: true }),
  ]);
  return {
    upcoming: upcoming.items.slice(0, 8),
    total: upcoming.total,
    categories: categories.filter((c) => c.active).map((c) => ({ ...c, count: counts[c.slug] ?? 0 })),
    partners: partners.map((p) => ({ id: p.id, name: p.name, logo: p.logo })),
  };
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    description:
      'Concerts, spectacles, marchés, fêtes et sorties en Suisse romande : l’agenda de Genève, Vaud, Valais, Neuchâtel, Fribourg, Jura et Jura bernois.',
    path: '/',
    matches,
  });

export default function HomePage() {
  const { upcoming, total, categories, partners } = useLoaderData<typeof loader>();
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Que faire en Suisse romande ?</h1>
        <p className="lead">
          Tous {SITE_TAGLINE}, de Genève au Jura bernois : {total} rendez-vous à venir.
        </p>
        <Form method="get" action="/evenements" role="search" className="hero__search">
          <label htmlFor="home-search" className="visually-hidden">
            Rechercher un événement
          </label>
          <input id="home-search" type="search" name="q" placeholder="Concert, marché, ville…" maxLength={500} />
          <button type="submit" className="button button--primary">
            Rechercher
          </button>
        </Form>
      </section>

      <section className="page" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">Prochainement</h2>
        <div className="event-grid">
          {upcoming.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </div>
        <p>
          <Link to="/evenements" className="button">
            Tous les événements
          </Link>
        </p>
      </section>

      <section className="page" aria-labelledby="categories-title">
        <h2 id="categories-title">Par catégorie</h2>
        <ul className="category-tiles">
          {categories.map((c) => (
            <li key={c.slug}>
              <Link
                to={`/evenements?category=${c.slug}`}
                className="category-tile"
                style={{ '--category-color': c.color } as React.CSSProperties}
              >
                <span className="category-tile__label">{c.label}</span>
                <span className="category-tile__count">{c.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {partners.length > 0 ? (
        <section className="page" aria-labelledby="partners-title">
          <h2 id="partners-title">Avec le soutien de</h2>
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
