// /evenement/{id}/inscription (issue 73, decision 168). POST: a visitor registers to a date without an account —
// guarded like every public form (origin, a bucket of its own per client address, honeypot), then counted per email
// by the use case; registered, a redirect here with the outcome as a flash in the visitor's signed cookie (a query
// parameter would let anyone's link say « C’est fait »). Refused, this page shows
// the form again with its message and what was typed. GET: the form of the date asked (`?date=` its start), or the
// next one that opens registration.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { getEventForViewer } from '~/.server/events/public';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { keepRetryAfter } from '~/.server/platform/security';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { registerForDate, registrationShown } from '~/.server/registrations/registrations';
import { Link } from '~/components/Link';
import { RegistrationPanel } from '~/components/registration/RegistrationPanel';
import { formatDateTime } from '~/domain/dates';
import { pageMeta } from '~/domain/meta';

const FIELDS = ['startsAt', 'name', 'email', 'people', 'answer0', 'answer1', 'answer2'] as const;

async function publicEvent(context: LoaderFunctionArgs['context'], id: string) {
  const view = await getEventForViewer(context.services, id, null);
  if (view?.event.status !== 'approved') throw data({ message: 'Cet événement n’existe pas.' }, { status: 404 });
  return view.event;
}

async function pageOf(context: LoaderFunctionArgs['context'], id: string, startsAt: string | null) {
  const event = await publicEvent(context, id);
  const shown = await registrationShown(context.services, event.id, startsAt ?? event.startsAt, new Date());
  return {
    eventId: event.id,
    title: event.title,
    view: shown ? { ...shown, kind: shown.availability.kind } : null,
  };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return pageOf(context, params.id ?? '', new URL(request.url).searchParams.get('date'));
}

const DONE = {
  confirmed: 'C’est fait\u00a0: votre inscription est confirmée. Un email vous le confirme, avec un lien pour annuler.',
  // Full, or fewer places left than asked for (« Plus qu’une place » and 2 people): true in both cases.
  waiting:
    'Il ne reste plus assez de places pour votre inscription\u00a0: vous êtes sur la liste d’attente. Un email vous le confirme\u00a0; dès que des places se libèrent pour vous, nous vous écrivons.',
} as const;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await guardPost(request, context, {
    audience: 'public',
    rate: { bucket: 'inscriptions', perMinute: 10 },
  });
  const event = await publicEvent(context, params.id ?? '');
  const values = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? '').slice(0, 300)]));
  for (const name of ['answer0', 'answer1', 'answer2']) if (!form.has(name)) delete values[name];
  try {
    const registration = await registerForDate(context.services, event, values);
    const date = encodeURIComponent(registration.startsAt);
    const said = registration.status === 'confirmed' ? DONE.confirmed : DONE.waiting;
    const flash = await setFlash(request, context.services, { kind: 'success', message: said });
    return redirect(`/evenement/${event.id}/inscription?date=${date}`, { headers: { 'Set-Cookie': flash } });
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    const page = await pageOf(context, event.id, values.startsAt || null);
    return data({ ...page, values, error: { field: error.field, message: error.message } }, { status: error.status });
  }
}

export const headers = keepRetryAfter;

export default function RegistrationPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const view = answer?.view ?? loaded.view;
  return (
    <div className="page page--narrow">
      <p className="breadcrumb">
        <Link to={`/evenement/${loaded.eventId}`}>{loaded.title}</Link>
      </p>
      {view ? (
        <>
          <p>{formatDateTime(view.startsAt)}</p>
          <RegistrationPanel eventId={loaded.eventId} view={view} typed={answer ?? undefined} />
        </>
      ) : (
        <p className="notice">Cette date n’ouvre pas d’inscriptions.</p>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) =>
  pageMeta({
    title: loaded ? `Inscription · ${loaded.title}` : 'Inscription',
    description: 'S’inscrire à un événement, sans compte.',
    path: loaded ? `/evenement/${loaded.eventId}/inscription` : '/',
    matches,
  });
