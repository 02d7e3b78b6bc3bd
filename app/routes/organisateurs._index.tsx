// /organisateurs: the organizers by name, searchable (a GET form: works without JavaScript).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { organizerIndex } from '~/.server/places/public-places';
import { Link } from '~/components/Link';
import { pageMeta } from '~/domain/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  return { q, ...(await organizerIndex(context.services, q)) };
}

const upcomingLabel = (n: number) => (n === 0 ? '' : n === 1 ? ' · 1 événement à venir' : ` · ${n} événements à venir`);

export default function OrganizerIndexPage() {
  const { q, total, letters } = useLoaderData<typeof loader>();
  return (
    <div className="page place-index" data-testid="organizer-index">
      <header className="page-header">
        <h1>Organisateurs</h1>
        <p className="lead">Associations, sociétés, salles et festivals qui font l’agenda de Suisse romande.</p>
      </header>
      <Form method="get" className="admin-toolbar" role="search" aria-label="Chercher un organisateur">
        <div className="field">
          <label htmlFor="organisateurs-q">Nom</label>
          <input id="organisateurs-q" name="q" type="search" maxLength={100} defaultValue={q} />
        </div>
        <button type="submit" className="button button--primary">
          Chercher
        </button>
      </Form>
      <p role="status" data-testid="organizer-index-count">
        {total === 0 ? 'Aucun organisateur ne correspond.' : total === 1 ? '1 organisateur' : `${total} organisateurs`}
      </p>
      {letters.map((group) => (
        <section key={group.letter} aria-labelledby={`lettre-${group.letter}`} className="place-index__canton">
          <h2 id={`lettre-${group.letter}`}>{group.letter}</h2>
          <ul>
            {group.entries.map((o) => (
              <li key={o.slug}>
                <Link to={`/organisateurs/${o.slug}`}>{o.name}</Link>
                {upcomingLabel(o.upcoming)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, location }) =>
  pageMeta({
    title: 'Organisateurs',
    description: 'Les organisateurs d’événements de Suisse romande et leur programme.',
    path: `/organisateurs${location.search}`,
    matches,
  });
