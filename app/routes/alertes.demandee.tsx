// After asking for an alert: the same words whatever the address already has (decision 048). After « Me prévenir »
// (`?evenement=<id>`, issue 51): words about that event, and, with JavaScript, the offer of a notification in this
// browser too.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { getEventForViewer } from '~/.server/events/public';
import { visitorPushConfig } from '~/.server/push/visitors';
import { DayStatusPushOffer } from '~/components/day-status/DayStatusPushOffer';
import { Link } from '~/components/Link';
import { ALERT_REQUESTED_MESSAGE } from '~/domain/alert-texts';
import { DAY_STATUS_ALERT_WORDS } from '~/domain/day-status-words';
import { pageMeta } from '~/domain/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get('evenement');
  const view = id ? await getEventForViewer(context.services, id, null) : null;
  if (!view) return { event: null, push: null };
  const { event } = view;
  return { event: { id: event.id, title: event.title }, push: await visitorPushConfig(context.services.push) };
}

export default function AlertRequestedPage() {
  const { event, push } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow">
      <div className="notice notice--success" role="status" data-testid="alert-requested">
        <h1>Vérifiez votre boîte email</h1>
        <p>{event ? DAY_STATUS_ALERT_WORDS.requested(event.title) : ALERT_REQUESTED_MESSAGE}</p>
      </div>
      {event ? <DayStatusPushOffer eventId={event.id} config={push} /> : null}
      <p>
        {event ? (
          <Link to={`/evenement/${event.id}`} className="link-target">
            Retour à l’événement
          </Link>
        ) : (
          <Link to="/evenements" className="link-target">
            Retour aux événements
          </Link>
        )}
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Vérifiez votre boîte email',
    description: 'Confirmez votre alerte par le lien reçu par email.',
    path: '/alertes/demandee',
    matches,
  });
