// /evenement/{id}/inscriptions: the registrations of an event for those who manage it (issue 73, decision 168) —
// for each date to come, open or change its places (closing time, waiting list, limit per registration, questions),
// close or reopen it, see who registered, export the list (CSV), write to them. Plain forms: the same without
// JavaScript; refused, the page comes back with what was typed and why.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { requireUser } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import {
  closeRegistration,
  messageRegistrants,
  openRegistration,
  registrationsPage,
} from '~/.server/registrations/organizer';
import { Link } from '~/components/Link';
import { RegistrationDate } from '~/components/registration/RegistrationDate';
import { pageMeta } from '~/domain/meta';

const SETTINGS = ['startsAt', 'places', 'closesAt', 'waitingList', 'perPerson', 'question0', 'question1', 'question2'];

function managed(error: unknown) {
  if (error instanceof UseCaseError && (error.status === 403 || error.status === 404))
    throw data({ message: error.message }, { status: error.status });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.services);
  try {
    return await registrationsPage(context.services, user, params.id ?? '', new Date());
  } catch (error) {
    managed(error);
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context.services);
  const eventId = params.id ?? '';
  const back = `/evenement/${eventId}/inscriptions`;
  const form = await guardPost(request, context, { audience: 'signed-in', back });
  const intent = String(form.get('intent') ?? '');
  const startsAt = String(form.get('startsAt') ?? '');
  const values: Record<string, string> = {};
  for (const name of [...SETTINGS, 'message']) if (form.has(name)) values[name] = String(form.get(name)).slice(0, 2100);
  let said: string;
  try {
    if (intent === 'ouvrir') {
      const opening = await openRegistration(context.services, user, eventId, values);
      said = `Inscriptions ouvertes\u00a0: ${opening.places}\u00a0places.`;
    } else if (intent === 'fermer' || intent === 'rouvrir') {
      await closeRegistration(context.services, user, { eventId, startsAt, closed: intent === 'fermer' });
      said = intent === 'fermer' ? 'Inscriptions closes pour cette date.' : 'Inscriptions rouvertes pour cette date.';
    } else if (intent === 'ecrire') {
      const n = await messageRegistrants(context.services, user, { eventId, startsAt, message: values.message ?? '' });
      said = n === 1 ? 'Message envoyé à la personne inscrite.' : `Message envoyé aux ${n}\u00a0personnes inscrites.`;
    } else {
      return data({ startsAt, intent, values, error: { field: 'form', message: 'Action inconnue.' } }, { status: 400 });
    }
  } catch (error) {
    managed(error);
    if (!(error instanceof UseCaseError)) throw error;
    return data(
      { startsAt, intent, values, error: { field: error.field, message: error.message } },
      { status: error.status },
    );
  }
  const cookie = await setFlash(request, context.services, { kind: 'success', message: said });
  return redirect(back, { headers: { 'Set-Cookie': cookie } });
}

export default function RegistrationsPage() {
  const { event, dates } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="page registrations-admin">
      <p className="breadcrumb">
        <Link to={`/evenement/${event.id}`}>{event.title}</Link> › <Link to="/dashboard">Tableau de bord</Link>
      </p>
      <h1>Inscriptions</h1>
      {dates.length === 0 ? <p className="notice">Aucune date à venir.</p> : null}
      {dates.filter((d) => d.opening).length > 1 ? (
        <p>
          <a href={`/evenement/${event.id}/inscriptions.csv`} download>
            Exporter les inscrits de toutes les dates (CSV, pour un tableur)
          </a>
        </p>
      ) : null}
      {dates.map((d) => (
        <RegistrationDate
          key={d.startsAt}
          eventId={event.id}
          date={d}
          typed={answer && answer.startsAt === d.startsAt ? answer : undefined}
        />
      ))}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) =>
  pageMeta({
    title: loaded ? `Inscriptions · ${loaded.event.title}` : 'Inscriptions',
    description: 'Les inscriptions d’un événement.',
    path: loaded ? `/evenement/${loaded.event.id}/inscriptions` : '/',
    matches,
  }).concat([{ name: 'robots', content: 'noindex' }]);
