// /evenement/{id}/statut: « Ça a lieu ? » (issue 51) — its organizer or an admin says, the day before or on the day,
// that a date is confirmed, cancelled, postponed or moved. POST does it and goes back to the event's page (or the
// dashboard) with a message; refused, this page shows the form again with what was typed and why. GET shows the form
// for the first date that may be spoken of (today's, or tomorrow's).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { dayStatusSubscribers } from '~/.server/alerts/day-status-alerts';
import { datesToSayOf, sayDayStatus } from '~/.server/events/day-status';
import { toldText } from '~/.server/events/day-status-tell';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { requireUser } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { DayStatusCancelConfirm, DayStatusForm } from '~/components/day-status/DayStatusPanel';
import { Link } from '~/components/Link';
import { formatDateTime, zurichDay } from '~/domain/dates';
import { DAY_STATUS_FIELDS, dayStatusOf, dayStatusText } from '~/domain/day-status';
import { pageMeta } from '~/domain/meta';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.services);
  const found = await datesToSayOf(context.services, params.id ?? '', user, new Date());
  if (!found) throw data({ message: 'Cet événement n’existe pas.' }, { status: 404 });
  const { event, dates } = found;
  const wanted = new URL(request.url).searchParams.get('date');
  const startsAt = dates.find((d) => d === wanted) ?? dates[0] ?? null;
  const cancelled = startsAt !== null && dayStatusOf(event.dayStatuses, startsAt)?.kind === 'cancelled';
  return { eventId: event.id, title: event.title, startsAt, cancelled };
}

/**
 * « C’est dit : … », or « Date rétablie : … » (a restore is not « Confirmé », issue 70), and what the subscribers got:
 * one mail each, or none (the organizer knows).
 */
function saidMessage(text: string, told: number, restoredDate: string | null): string {
  const head = restoredDate ? `Date rétablie : ${restoredDate}, elle a lieu.` : `C’est dit : ${text}.`;
  return `${head} ${toldText(told)}`;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context.services);
  const eventId = params.id ?? '';
  const form = await guardPost(request, context, { audience: 'signed-in', back: `/evenement/${eventId}` });
  const values = Object.fromEntries(DAY_STATUS_FIELDS.map((f) => [f, String(form.get(f) ?? '').slice(0, 400)]));
  const startsAt = String(form.get('startsAt') ?? '');
  const toDashboard = form.get('retour') === 'tableau-de-bord';
  // Back to the dashboard, or to the page of that date (its red banner once cancelled).
  const back = toDashboard
    ? '/dashboard'
    : `/evenement/${encodeURIComponent(eventId)}${startsAt ? `?date=${zurichDay(startsAt)}` : ''}`;
  // « Annulé » mails every subscriber at once: asked once first, on this page (with or without JavaScript).
  if (values.statut === 'cancelled' && form.get('confirme') !== 'oui') {
    const found = await datesToSayOf(context.services, eventId, user, new Date());
    if (found?.dates.includes(startsAt)) {
      const subscribers = await dayStatusSubscribers(context.services.store, eventId);
      const retour = toDashboard ? 'tableau-de-bord' : 'evenement';
      return data({ startsAt, values, error: null, confirm: { subscribers, back, retour } });
    }
  }
  try {
    const now = new Date();
    const { status, told, restored } = await sayDayStatus(context.services, user, { eventId, startsAt, values }, now);
    const message = saidMessage(dayStatusText(status), told, restored ? formatDateTime(startsAt) : null);
    // « Rétablir cette date » right in the message that says it is cancelled (issue 70), as after « Annuler ».
    const undo = {
      label: 'Rétablir cette date',
      path: `/evenement/${eventId}/statut`,
      intent: 'retablir',
      eventId,
      fields: { startsAt, statut: 'confirmed', retablir: 'oui', retour: toDashboard ? 'tableau-de-bord' : 'evenement' },
    };
    const flash = { kind: 'success' as const, message, ...(status.kind === 'cancelled' ? { action: undo } : {}) };
    return redirect(back, { headers: { 'Set-Cookie': await setFlash(request, context.services, flash) } });
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    return data(
      { startsAt, values, error: { field: error.field, message: error.message }, confirm: null },
      { status: error.status },
    );
  }
}

export default function DayStatusPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const startsAt = answer?.startsAt || loaded.startsAt;
  return (
    <div className="page page--narrow">
      <p className="breadcrumb">
        <Link to={`/evenement/${loaded.eventId}`}>{loaded.title}</Link>
      </p>
      {startsAt && answer?.confirm ? (
        <DayStatusCancelConfirm
          eventId={loaded.eventId}
          startsAt={startsAt}
          subscribers={answer.confirm.subscribers}
          note={answer.values.note ?? ''}
          back={answer.confirm.retour}
          backHref={answer.confirm.back}
        />
      ) : startsAt ? (
        <DayStatusForm
          eventId={loaded.eventId}
          startsAt={startsAt}
          cancelled={startsAt === loaded.startsAt && loaded.cancelled}
          typed={answer ?? undefined}
        />
      ) : (
        <p className="notice notice--warning">Aucune date de cet événement n’a lieu aujourd’hui ou demain.</p>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) =>
  pageMeta({
    title: loaded ? `Ça a lieu\u202f? · ${loaded.title}` : 'Ça a lieu\u202f?',
    description: 'Dire le jour même si l’événement a lieu.',
    path: loaded ? `/evenement/${loaded.eventId}/statut` : '/',
    matches,
  });
