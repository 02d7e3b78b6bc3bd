// The link of the confirmation mail (double opt-in, decision 048): a page with a button, so that a mail scanner
// opening the link confirms nothing; the button's post activates the alert.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { confirmAlert, findAlert } from '~/.server/alerts/alerts';
import { alertLinkSubject, countConfirmedDayStatusAlert } from '~/.server/alerts/day-status-alerts';
import { ALERT_LINK_GUARD, ALERT_LINK_HEADERS } from '~/.server/alerts/http';
import { guardPost } from '~/.server/platform/guard';
import { AlertLinkGone, AlertLinkPage, AlertLinkStep, alertLinkMeta } from '~/components/alerts/AlertLinkPage';
import { DAY_STATUS_ALERT_WORDS as WORDS } from '~/domain/day-status-words';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { store } = context.services;
  const alert = await findAlert({ store }, params.token ?? '');
  if (!alert) return data({ description: null, event: null }, { status: 404, headers: ALERT_LINK_HEADERS });
  if (alert.status === 'active') return redirect(`/alertes/gerer/${params.token}`, { headers: ALERT_LINK_HEADERS });
  return data(await alertLinkSubject(store, alert.filter), { headers: ALERT_LINK_HEADERS });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guardPost(request, context, ALERT_LINK_GUARD);
  const now = new Date();
  const alert = await confirmAlert(context.services, params.token ?? '', now);
  if (!alert) return data({ gone: true }, { status: 404, headers: ALERT_LINK_HEADERS });
  await countConfirmedDayStatusAlert(context.services, alert, now);
  return redirect(`/alertes/gerer/${params.token}?confirmee=1`, { headers: ALERT_LINK_HEADERS });
}

export const headers = () => ALERT_LINK_HEADERS;

export default function ConfirmAlertPage() {
  const { description, event } = useLoaderData<typeof loader>();
  // « Me prévenir » (issue 51): words about that event.
  if (event) {
    return (
      <AlertLinkPage title={WORDS.confirmTitle}>
        <p>{WORDS.confirmLead(event.title)}</p>
        <Form method="post">
          <button type="submit" className="button button--primary">
            {WORDS.confirmButton}
          </button>
        </Form>
      </AlertLinkPage>
    );
  }
  return (
    <AlertLinkPage title="Confirmer mon alerte">
      {description ? (
        <AlertLinkStep
          lead="Vous recevrez par email les nouveaux événements de cette sélection"
          description={description}
          button={
            <button type="submit" className="button button--primary">
              Confirmer mon alerte
            </button>
          }
        />
      ) : (
        <AlertLinkGone />
      )}
    </AlertLinkPage>
  );
}

export const meta = alertLinkMeta('Confirmer mon alerte', 'Confirmez votre alerte par email.');
