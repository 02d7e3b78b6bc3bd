// /lieux: the venues by canton (the site's order) and town, searchable by name or town (a GET form: works without
// JavaScript), with links to jump to each canton and, inside it, to each town, and back to the cantons.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { venueIndex } from '~/.server/places/public-places';
import { ChoiceSelect } from '~/components/form/ChoiceSelect';
import { CANTON_CHOICES } from '~/components/form/choices';
import { Link } from '~/components/Link';
import { CANTON_NAMES, type CantonCode, isCantonCode } from '~/domain/cantons';
import { pageMeta } from '~/domain/meta';
import { slugify } from '~/domain/slug';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const canton = url.searchParams.get('canton');
  const chosen = isCantonCode(canton) ? canton : '';
  return { q, canton: chosen, ...(await venueIndex(context.services, q, chosen)) };
}

const venuesIn = (towns: { venues: unknown[] }[]) => towns.reduce((n, t) => n + t.venues.length, 0);
const townAnchor = (canton: string, town: string) => `lieux-${canton}-${slugify(town)}`;

const upcomingLabel = (n: number) => (n === 0 ? '' : n === 1 ? ' · 1 événement à venir' : ` · ${n} événements à venir`);

export default function VenueIndexPage() {
  const { q, canton, total, cantons } = useLoaderData<typeof loader>();
  return (
    <div className="page place-index" data-testid="venue-index">
      <header className="page-header">
        <h1>Lieux</h1>
        <p className="lead">Salles, théâtres, places et caves de Suisse romande, par canton et par localité.</p>
      </header>
      <Form method="get" className="admin-toolbar" role="search" aria-label="Chercher un lieu">
        <div className="field">
          <label htmlFor="lieux-q">Nom ou localité</label>
          <input id="lieux-q" name="q" type="search" maxLength={100} defaultValue={q} />
        </div>
        <ChoiceSelect
          id="lieux-canton"
          name="canton"
          label="Canton"
          all="Toute la Romandie"
          choices={CANTON_CHOICES}
          defaultValue={canton}
        />
        <button type="submit" className="button button--primary">
          Chercher
        </button>
      </Form>
      <p role="status" data-testid="venue-index-count">
        {total === 0 ? 'Aucun lieu ne correspond.' : total === 1 ? '1 lieu' : `${total} lieux`}
      </p>
      {cantons.length > 1 ? (
        <nav aria-label="Sommaire" className="place-index__jump" id="cantons">
          <ul>
            {cantons.map((c) => (
              <li key={c.canton}>
                <a href={`#canton-${c.canton}`}>
                  {CANTON_NAMES[c.canton as CantonCode]} <span>({venuesIn(c.towns)})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {cantons.map((c) => (
        <section key={c.canton} aria-labelledby={`canton-${c.canton}`} className="place-index__canton">
          <h2 id={`canton-${c.canton}`}>{CANTON_NAMES[c.canton as CantonCode]}</h2>
          {c.towns.length > 1 ? (
            <nav aria-label={`Localités\u00a0: ${CANTON_NAMES[c.canton as CantonCode]}`} className="place-index__towns">
              <ul>
                {c.towns.map((town) => (
                  <li key={town.name}>
                    <a href={`#${townAnchor(c.canton, town.name)}`}>{town.name}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {c.towns.map((town) => (
            <div key={town.name} className="place-index__town">
              <h3 id={townAnchor(c.canton, town.name)}>{town.name}</h3>
              <ul>
                {town.venues.map((v) => (
                  <li key={v.slug}>
                    <Link to={`/lieux/${v.slug}`}>{v.name}</Link>
                    {upcomingLabel(v.upcoming)}
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {cantons.length > 1 ? (
            <p className="place-index__top">
              <a href="#cantons">Haut de page (cantons)</a>
            </p>
          ) : null}
        </section>
      ))}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, location }) =>
  pageMeta({
    title: 'Lieux',
    description: 'Les lieux de Suisse romande et leurs prochains événements, par canton et par localité.',
    path: `/lieux${location.search}`,
    matches,
  });
