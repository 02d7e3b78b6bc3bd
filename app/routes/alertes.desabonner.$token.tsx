// The unsubscribe link of every digest (decision 048). GET: a page with a button. POST: deletes the alert, with the
// token in the URL as the only authority (RFC 8058 one-click: `List-Unsubscribe=One-Click` posted by the mail
// client, without cookies nor form token); answered 200 whether the alert still existed or not.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { findAlert, isAlertToken, unsubscribeAlert } from '~/.server/alerts/alerts';
import { alertLinkSubject, dayStatusEventFor } from '~/.server/alerts/day-status-alerts';
import { ALERT_LINK_GUARD, ALERT_LINK_HEADERS } from '~/.server/alerts/http';
import { guardPost } from '~/.server/platform/guard';
import { AlertLinkGone, AlertLinkPage, AlertLinkStep, alertLinkMeta } from '~/components/alerts/AlertLinkPage';
import { Link } from '~/components/Link';
import { DAY_STATUS_ALERT_WORDS as WORDS } from '~/domain/day-status-words';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { store } = context.services;
  const token = params.token ?? '';
  const alert = await findAlert({ store }, token);
  // A link that was one answers 200 with its message: the page after the one-click post is this loader's too, and
  // that post must answer 200 (RFC 8058). Anything else is a 404.
  if (!alert) {
    return data(
      { description: null, event: null },
      { status: isAlertToken(token) ? 200 : 404, headers: ALERT_LINK_HEADERS },
    );
  }
  return data(await alertLinkSubject(store, alert.filter), { headers: ALERT_LINK_HEADERS });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guardPost(request, context, ALERT_LINK_GUARD);
  // « Me prévenir »: the event is named once the alert is gone too.
  const alert = await findAlert(context.services, params.token ?? '');
  const event = alert ? await dayStatusEventFor(context.services.store, alert.filter) : null;
  await unsubscribeAlert(context.services, params.token ?? '');
  return data({ unsubscribed: true, eventTitle: event?.title ?? null }, { headers: ALERT_LINK_HEADERS });
}

export const headers = () => ALERT_LINK_HEADERS;

export default function UnsubscribePage() {
  const { description, event } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const done = answer?.unsubscribed;
  return (
    <AlertLinkPage title="Me désabonner">
      {done ? (
        <div className="notice notice--success" role="status" data-testid="alert-unsubscribed">
          <p>
            {answer?.eventTitle
              ? WORDS.unsubscribed(answer.eventTitle)
              : 'C’est fait\u00a0: vous ne recevrez plus cette alerte, et votre adresse a été effacée de nos alertes.'}
          </p>
        </div>
      ) : event ? (
        <>
          <p>{WORDS.unsubscribeLead(event.title)}</p>
          <Form method="post">
            <button type="submit" className="button button--danger">
              Me désabonner
            </button>
          </Form>
        </>
      ) : description ? (
        <AlertLinkStep
          lead="Ne plus recevoir les nouveaux événements de cette sélection"
          description={description}
          button={
            <button type="submit" className="button button--danger">
              Me désabonner
            </button>
          }
        />
      ) : (
        <AlertLinkGone />
      )}
      <p>
        <Link to="/evenements">Retour aux événements</Link>
      </p>
    </AlertLinkPage>
  );
}

export const meta = alertLinkMeta('Me désabonner', 'Désabonnement d’une alerte par email.');
