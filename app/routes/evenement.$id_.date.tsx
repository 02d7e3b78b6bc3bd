// /evenement/{id}/date: its owner or an admin cancels one date of a series, or restores it (decisions 041 and 068).
// POST does it. GET with `?annuler=` is the confirmation step of « Annuler cette date » without JavaScript (with it, a
// dialog asks instead): the dashboard's and the event page's links lead here; any other GET goes home.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { cancelOrRestoreDate, dateBack, dateToCancel } from '~/.server/events/cancel-date';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { orErrorPage } from '~/.server/platform/refusal';
import { requireUser } from '~/.server/platform/session';
import { DateCancelNote, DateCancelText } from '~/components/DateCancel';
import { FormSecurity } from '~/components/FormSecurity';
import { Link } from '~/components/Link';
import { pageMeta } from '~/domain/meta';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const startsAt = url.searchParams.get('annuler');
  if (!startsAt) return redirect('/');
  const user = await requireUser(request, context.services);
  const back = dateBack(url.searchParams.get('retour'));
  const asked = await orErrorPage(dateToCancel(context.services, user, { eventId: params.id ?? '', startsAt }));
  return { ...asked, back };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context.services);
  const eventId = params.id ?? '';
  const form = await guardPost(request, context, { audience: 'signed-in', back: `/evenement/${eventId}` });
  const { path, flash } = await cancelOrRestoreDate(context.services, user, {
    eventId,
    startsAt: String(form.get('startsAt') ?? ''),
    cancelled: form.get('intent') !== 'restore',
    back: dateBack(form.get('retour')),
    // Bounded by guardPost's body; longer than a note is refused in French (DAY_STATUS_MESSAGES.note).
    note: String(form.get('note') ?? ''),
  });
  return redirect(path, { headers: { 'Set-Cookie': await setFlash(request, context.services, flash) } });
}

export default function CancelDatePage() {
  const { eventId, title, date, back } = useLoaderData<typeof loader>();
  const backTo = back === 'tableau-de-bord' ? '/dashboard' : `/evenement/${eventId}`;
  return (
    <div className="page page--narrow">
      <section className="confirm-panel notice notice--warning" aria-labelledby="cancel-date-title">
        <h1 id="cancel-date-title" className="confirm-panel__title">
          Annuler la date du {date.label}&#8239;?
        </h1>
        <p>
          <strong>{title}</strong>
        </p>
        <DateCancelText />
        <div className="confirm-dialog__actions">
          <Form method="post">
            <FormSecurity honeypot={false} />
            <input type="hidden" name="startsAt" value={date.startsAt} />
            <input type="hidden" name="retour" value={back} />
            <DateCancelNote />
            <button type="submit" name="intent" value="cancel" className="button button--danger">
              Oui, annuler cette date
            </button>
          </Form>
          <Link to={backTo} className="button">
            Non, revenir
          </Link>
        </div>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({
    title: data ? `Annuler une date de ${data.title}` : 'Annuler une date',
    description: 'Annuler une date d’une série.',
    path: data ? `/evenement/${data.eventId}/date` : '/',
    matches,
  });
