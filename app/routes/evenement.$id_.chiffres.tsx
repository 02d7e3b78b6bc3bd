// /evenement/{id}/chiffres: what an event does, for those who manage it (issue 74, decision 171): per week over its
// life, its page views, « Ajouter au calendrier », the ways there, « Billetterie », favourites, « Me prévenir » and
// registrations, each as small columns with the figures as text; `?date=` one date of a series. Below 5, « moins de
// 5 ». Read from the aggregates kept as visits happen, never from page views; no JavaScript needed.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { eventFiguresPage } from '~/.server/analytics/figures-view';
import { requireUser } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { FigureColumns } from '~/components/charts/FigureColumns';
import { Link } from '~/components/Link';
import { pageMeta } from '~/domain/meta';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.services);
  const day = new URL(request.url).searchParams.get('date');
  try {
    return await eventFiguresPage(context.services, user, params.id ?? '', day, new Date());
  } catch (error) {
    if (error instanceof UseCaseError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export default function EventFiguresPage() {
  const { event, days, day, kinds } = useLoaderData<typeof loader>();
  const base = `/evenement/${event.id}/chiffres`;
  return (
    <div className="page figures">
      <p className="breadcrumb">
        <Link to={`/evenement/${event.id}`}>{event.title}</Link> › <Link to="/dashboard">Tableau de bord</Link>
      </p>
      <h1>Chiffres</h1>
      <p className="figures__note">
        Par semaine, comptés sur ce site sans cookie ni adresse, auprès des visiteurs qui acceptent la mesure
        d’audience. Vos propres visites ne comptent pas. En dessous de 5, le chiffre est dit «&nbsp;moins de 5&nbsp;»
        pour que personne ne puisse être reconnu.
      </p>
      {days.length > 0 ? (
        <nav aria-label="Dates de la série" className="figures__days">
          <p>
            {day ? <Link to={base}>Toutes les dates</Link> : <strong>Toutes les dates</strong>}
            {days.map((d) => (
              <span key={d.day}>
                {' · '}
                {d.day === day ? (
                  <strong aria-current="page">{d.label}</strong>
                ) : (
                  <Link to={`${base}?date=${d.day}`}>{d.label}</Link>
                )}
              </span>
            ))}
          </p>
        </nav>
      ) : null}
      {kinds.length === 0 ? (
        <p className="notice" data-testid="figures-none">
          Rien n’a encore été compté pour cet événement.
        </p>
      ) : (
        kinds.map((k) => <FigureColumns key={k.kind} figures={k} />)
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) =>
  pageMeta({
    title: loaded ? `Chiffres · ${loaded.event.title}` : 'Chiffres',
    description: 'Ce que fait un événement, semaine par semaine.',
    path: loaded ? `/evenement/${loaded.event.id}/chiffres` : '/',
    matches,
  }).concat([{ name: 'robots', content: 'noindex' }]);
