// POST /evenement/{id}/prevenir: a visitor asks, without an account, to be told by email of « Ça a lieu ? » (issue 51,
// decision 113) — an email alert on this event: guarded like the alert sign-up (origin, rate limit, honeypot), the same
// answer whatever the address already has; refused, this page shows the form again with what was typed. With
// JavaScript, `intent=push` keeps this browser's push subscription for the event and `intent=push-stop` drops it
// (push/visitors.ts): they answer JSON.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { alertDeps } from '~/.server/alerts/alerts';
import { requestDayStatusAlert } from '~/.server/alerts/day-status-alerts';
import { getEventForViewer } from '~/.server/events/public';
import { guardPost } from '~/.server/platform/guard';
import { keepRetryAfter } from '~/.server/platform/security';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { subscribeVisitorPush, unsubscribeVisitorPush } from '~/.server/push/visitors';
import { DayStatusSubscribe } from '~/components/day-status/DayStatusPanel';
import { Link } from '~/components/Link';
import { pageMeta } from '~/domain/meta';

async function publicEvent(context: LoaderFunctionArgs['context'], id: string) {
  const view = await getEventForViewer(context.services, id, null);
  if (!view) throw data({ message: 'Cet événement n’existe pas.' }, { status: 404 });
  return view.event;
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const event = await publicEvent(context, params.id ?? '');
  return { eventId: event.id, title: event.title };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await guardPost(request, context, { audience: 'public', rate: { bucket: 'alertes' } });
  const event = await publicEvent(context, params.id ?? '');
  const intent = form.get('intent');
  if (intent === 'push' || intent === 'push-stop') {
    const token = String(form.get('token') ?? '').slice(0, 4096);
    try {
      if (intent === 'push') await subscribeVisitorPush(context.services, { event, token });
      else await unsubscribeVisitorPush(context.services, { eventId: event.id, token });
      return Response.json({ ok: true });
    } catch (error) {
      if (!(error instanceof UseCaseError)) throw error;
      return Response.json({ ok: false, message: error.message }, { status: error.status });
    }
  }
  const email = String(form.get('email') ?? '').slice(0, 254);
  try {
    await requestDayStatusAlert(alertDeps(context.services), { email, event });
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    return data({ values: { email }, error: { field: error.field, message: error.message } }, { status: 400 });
  }
  return redirect(`/alertes/demandee?evenement=${encodeURIComponent(event.id)}`);
}

export const headers = keepRetryAfter;

export default function DayStatusSubscribePage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="page page--narrow">
      <p className="breadcrumb">
        <Link to={`/evenement/${loaded.eventId}`}>{loaded.title}</Link>
      </p>
      <DayStatusSubscribe eventId={loaded.eventId} typed={answer ?? undefined} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) =>
  pageMeta({
    title: loaded ? `Me prévenir · ${loaded.title}` : 'Me prévenir',
    description: 'Être prévenu par email si l’événement a lieu, est annulé, reporté ou déplacé.',
    path: loaded ? `/evenement/${loaded.eventId}/prevenir` : '/',
    matches,
  });
