// The manage page of an alert, by the link of each mail (decision 048): the filter in words, its rhythm to change,
// and unsubscribing. The token in the URL is the authority (see app/.server/alerts/http.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useParams, useSearchParams } from '@remix-run/react';
import { changeAlertRhythm, describeAlert, findAlert } from '~/.server/alerts/alerts';
import { dayStatusEventFor } from '~/.server/alerts/day-status-alerts';
import { ALERT_LINK_GUARD, ALERT_LINK_HEADERS } from '~/.server/alerts/http';
import { guardPost } from '~/.server/platform/guard';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { visitorPushConfig } from '~/.server/push/visitors';
import { AlertLinkGone, AlertLinkLeave, AlertLinkPage, alertLinkMeta } from '~/components/alerts/AlertLinkPage';
import { RhythmRadios } from '~/components/alerts/AlertSubscribeLite';
import { DayStatusManage } from '~/components/day-status/DayStatusManage';
import { Link } from '~/components/Link';
import { isAlertRhythm, rhythmsFor } from '~/domain/alert';
import { ALERT_LINK_GONE } from '~/domain/alert-texts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { store } = context.services;
  const alert = await findAlert({ store }, params.token ?? '');
  if (alert?.status !== 'active')
    return data({ alert: null, event: null, push: null }, { status: 404, headers: ALERT_LINK_HEADERS });
  // « Me prévenir » (issue 51): that event, and the offer of a notification in this browser too.
  const event = await dayStatusEventFor(store, alert.filter);
  return data(
    {
      event,
      push: event ? await visitorPushConfig(context.services.push) : null,
      alert: {
        email: alert.email,
        rhythm: alert.rhythm,
        description: await describeAlert({ store }, alert.filter),
        list: `/evenements?${alert.filter}`,
        // « Chaque matin » is not offered for a « Ce week-end » selection.
        rhythms: rhythmsFor(alert.filter),
      },
    },
    { headers: ALERT_LINK_HEADERS },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await guardPost(request, context, ALERT_LINK_GUARD);
  const rhythm = form.get('rythme');
  if (!isAlertRhythm(rhythm)) {
    return data({ message: 'Choisissez quand recevoir les événements.' }, { status: 400, headers: ALERT_LINK_HEADERS });
  }
  let alert: Awaited<ReturnType<typeof changeAlertRhythm>>;
  try {
    alert = await changeAlertRhythm(context.services, params.token ?? '', rhythm);
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    return data({ message: error.message }, { status: error.status, headers: ALERT_LINK_HEADERS });
  }
  if (!alert) return data({ message: ALERT_LINK_GONE }, { status: 404, headers: ALERT_LINK_HEADERS });
  return redirect(`/alertes/gerer/${params.token}?enregistre=1`, { headers: ALERT_LINK_HEADERS });
}

export const headers = () => ALERT_LINK_HEADERS;

export default function ManageAlertPage() {
  const { alert, event, push } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { token } = useParams();
  if (!alert) {
    return (
      <AlertLinkPage title="Mon alerte">
        <AlertLinkGone />
      </AlertLinkPage>
    );
  }
  if (event) {
    return (
      <DayStatusManage
        event={event}
        push={push}
        email={alert.email}
        confirmed={Boolean(params.get('confirmee'))}
        unsubscribe={`/alertes/desabonner/${encodeURIComponent(token ?? '')}`}
      />
    );
  }
  return (
    <AlertLinkPage title="Mon alerte">
      {params.get('confirmee') ? (
        <p className="notice notice--success" role="status" data-testid="alert-confirmed">
          Votre alerte est confirmée&nbsp;: les nouveaux événements de cette sélection vous seront envoyés.
        </p>
      ) : params.get('enregistre') ? (
        <p className="notice notice--success" role="status">
          Le rythme de votre alerte est enregistré.
        </p>
      ) : null}
      <dl className="alert-summary">
        <dt>Sélection</dt>
        <dd>
          <Link to={alert.list}>{alert.description}</Link>
        </dd>
        <dt>Adresse</dt>
        <dd>{alert.email}</dd>
      </dl>
      <Form method="post" className="form alert-manage">
        {answer?.message ? (
          <p className="notice notice--error" role="alert" id="rythme-error">
            {answer.message}
          </p>
        ) : null}
        {alert.rhythms.length > 1 ? (
          <RhythmRadios
            rhythms={alert.rhythms}
            checked={alert.rhythm}
            describedBy={answer?.message ? 'rythme-error' : undefined}
          />
        ) : (
          <p>
            <input type="hidden" name="rythme" value={alert.rhythms[0].value} />
            <span className="field__label">Quand&nbsp;: </span>
            {alert.rhythms[0].label.toLowerCase()}.
          </p>
        )}
        {alert.rhythms.length > 1 ? (
          <button type="submit" className="button button--primary">
            Enregistrer
          </button>
        ) : null}
      </Form>
      <AlertLinkLeave
        title="Ne plus recevoir cette alerte"
        text="L’alerte et votre adresse sont supprimées aussitôt."
        action={`/alertes/desabonner/${encodeURIComponent(token ?? '')}`}
      />
    </AlertLinkPage>
  );
}

export const meta = alertLinkMeta('Mon alerte', 'Gérer une alerte par email.');
