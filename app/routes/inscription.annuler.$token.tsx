// /inscription/annuler/{token}: the cancel link of every mail of a registration (decision 168). GET: what it cancels,
// and a button (a mail scanner that opens links cancels nothing). POST: cancels, with the token in the URL as the only
// authority (guarded as a link: no session needed, refused cross-site); the place goes to the first waiting ones.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { guardPost } from '~/.server/platform/guard';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { cancelRegistration, registrationOfLink } from '~/.server/registrations/registrations';
import { Link } from '~/components/Link';
import { formatDateTime } from '~/domain/dates';
import { pageMeta } from '~/domain/meta';
import { quoted } from '~/domain/quoted';
import { REGISTRATION_MESSAGES } from '~/domain/registration';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const found = await registrationOfLink(context.services, params.token ?? '');
  if (!found) return data({ found: null }, { status: 404, headers: NO_STORE });
  const { registration, title } = found;
  return data(
    {
      found: {
        eventId: registration.eventId,
        title,
        startsAt: registration.startsAt,
        people: registration.people,
        status: registration.status,
      },
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guardPost(request, context, { audience: 'link', rate: { bucket: 'inscription-links', perMinute: 30 } });
  try {
    await cancelRegistration(context.services, params.token ?? '');
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    return data({ cancelled: false, message: error.message }, { status: error.status, headers: NO_STORE });
  }
  return data({ cancelled: true, message: '' }, { headers: NO_STORE });
}

export const headers = () => NO_STORE;

export default function CancelRegistrationPage() {
  const { found } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="page page--narrow">
      <h1>Annuler mon inscription</h1>
      {answer?.cancelled ? (
        <div className="notice notice--success" role="status" data-testid="registration-cancelled">
          C’est fait&#8239;: votre inscription est annulée et votre place revient à la personne suivante. Merci&#8239;!
        </div>
      ) : answer ? (
        <p className="notice notice--error" role="alert">
          {answer.message}
        </p>
      ) : !found ? (
        <p className="notice notice--error">{REGISTRATION_MESSAGES.unknownLink}</p>
      ) : found.status === 'cancelled' ? (
        <p className="notice">Cette inscription est déjà annulée.</p>
      ) : (
        <>
          <p>
            Votre inscription à <Link to={`/evenement/${found.eventId}`}>{quoted(found.title)}</Link>, le{' '}
            {formatDateTime(found.startsAt)}, pour {found.people}&nbsp;personne{found.people > 1 ? 's' : ''}
            {found.status === 'waiting' ? ' (liste d’attente)' : ''}.
          </p>
          <Form method="post">
            <button type="submit" className="button button--danger">
              Annuler mon inscription
            </button>
          </Form>
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Annuler mon inscription', description: 'Annuler une inscription.', path: '/', matches }).concat([
    { name: 'robots', content: 'noindex' },
  ]);
