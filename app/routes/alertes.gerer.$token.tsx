// The manage page of an alert, by the link of each mail (decision 048): the filter in words, its rhythm to change,
// and unsubscribing. The token in the URL is the authority (see app/.server/alerts/http.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useLoaderData, useParams, useSearchParams } from '@remix-run/react';
import { changeAlertRhythm, describeAlert, findAlert } from '~/.server/alerts/alerts';
import { ALERT_LINK_GUARD, ALERT_LINK_HEADERS } from '~/.server/alerts/http';
import { guardPost } from '~/.server/platform/guard';
import { AlertLinkGone, AlertLinkPage, alertLinkMeta } from '~/components/alerts/AlertLinkPage';
import { ALERT_RHYTHMS, isAlertRhythm } from '~/domain/alert';
import { ALERT_LINK_GONE } from '~/domain/alert-form';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { store } = context.services;
  const alert = await findAlert(store, params.token ?? '');
  if (alert?.status !== 'active') return data({ alert: null }, { status: 404, headers: ALERT_LINK_HEADERS });
  return data(
    {
      alert: {
        email: alert.email,
        rhythm: alert.rhythm,
        description: await describeAlert(store, alert.filter),
        list: `/evenements?${alert.filter}`,
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
  const alert = await changeAlertRhythm(context.services.store, params.token ?? '', rhythm);
  if (!alert) return data({ message: ALERT_LINK_GONE }, { status: 404, headers: ALERT_LINK_HEADERS });
  return redirect(`/alertes/gerer/${params.token}?enregistre=1`, { headers: ALERT_LINK_HEADERS });
}

export const headers = () => ALERT_LINK_HEADERS;

export default function ManageAlertPage() {
  const { alert } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { token } = useParams();
  if (!alert) {
    return (
      <AlertLinkPage title="Mon alerte">
        <AlertLinkGone />
      </AlertLinkPage>
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
      <Form method="post" className="form">
        <fieldset>
          <legend>Quand recevoir les nouveaux événements</legend>
          {ALERT_RHYTHMS.map((r) => (
            <label key={r.value}>
              <input type="radio" name="rythme" value={r.value} defaultChecked={alert.rhythm === r.value} /> {r.label}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary">
          Enregistrer
        </button>
      </Form>
      <Form method="post" action={`/alertes/desabonner/${encodeURIComponent(token ?? '')}`}>
        <button type="submit" className="button button--danger">
          Me désabonner
        </button>
      </Form>
    </AlertLinkPage>
  );
}

export const meta = alertLinkMeta('Mon alerte', 'Gérer une alerte par email.');
