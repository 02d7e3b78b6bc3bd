// POST /alertes/nouvelle: asks for an email alert on a filtered list (decision 048). Anonymous: guarded by origin,
// rate limit and honeypot; the answer is a redirect (the same whatever the address already has). Refused, the form is
// shown here again with its messages and what was typed; GET /alertes/nouvelle?<filtres> shows it alone.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { alertDeps, describeAlert, requestAlert } from '~/.server/alerts/alerts';
import { activeCategorySlugs } from '~/.server/categories/categories';
import { guardPost } from '~/.server/platform/guard';
import { invalid, readForm, refused } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { AlertSubscribeForm } from '~/components/alerts/AlertSubscribeForm';
import { alertFilterFromParams } from '~/domain/alert';
import { alertRequestSchema } from '~/domain/alert-form';
import { ALERT_NO_FILTER } from '~/domain/alert-texts';
import { pageMeta } from '~/domain/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { store } = context.services;
  const filter = alertFilterFromParams(new URL(request.url).searchParams, await activeCategorySlugs({ store }));
  // Without a filter, the page says to choose one (the list offers the form under its filtered views).
  return { filter: filter ?? '', description: filter ? await describeAlert({ store }, filter) : '' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const formData = await guardPost(request, context, { audience: 'public', rate: { bucket: 'alertes' } });
  const submission = readForm(formData, alertRequestSchema);
  const typed = formData.get('filtre');
  const active = await activeCategorySlugs(services);
  const filter = alertFilterFromParams(new URLSearchParams(typeof typed === 'string' ? typed : ''), active) ?? '';
  const page = { filter, description: filter ? await describeAlert(services, filter) : '' };
  if (submission.status !== 'success') return invalid(submission, { extra: page });
  const { email, rythme } = submission.value;
  try {
    if (!filter) throw new UseCaseError(ALERT_NO_FILTER, 'form');
    await requestAlert(alertDeps(services), { email, rhythm: rythme, filter });
  } catch (error) {
    return refused(submission, error, { extra: page });
  }
  return redirect('/alertes/demandee');
}

export const headers = keepRetryAfter;

export default function NewAlertPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const filter = answer?.filter || loaded.filter;
  const description = answer?.description || loaded.description;
  return (
    <div className="page page--narrow">
      {filter ? (
        <AlertSubscribeForm filter={filter} description={description} answer={answer} />
      ) : (
        <div className="notice notice--error" role="alert">
          Choisissez au moins un filtre dans <a href="/evenements">la liste des événements</a>, puis demandez l’alerte.
        </div>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Recevoir ces événements par email',
    description: 'Une alerte par email sur une sélection d’événements, sans compte.',
    path: '/alertes/nouvelle',
    matches,
  });
