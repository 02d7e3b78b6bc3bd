// Submit an event, and edit one (/organizer/edit-event/:id maps here, app/routes.ts): one screen in docs/specification.md §2.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { eventFormPage } from '~/.server/events/event-form';
import { saveEventForm } from '~/.server/events/save-event-form';
import { readEventForm } from '~/.server/http/event-form';
import { IMPORT_INTENT, IMPORT_URL_MAX, prefillFromLink } from '~/.server/imports/link-answer';
import { guardPost } from '~/.server/platform/guard';
import { invalid, orErrorPage, prefilled, readFormCheckedByUseCase, refused } from '~/.server/platform/refusal';
import type { RouteBodyHandle } from '~/.server/platform/request-body';
import { keepRetryAfter } from '~/.server/platform/security';
import { requireUser } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { pageMeta } from '~/domain/meta';
import { EventFormScreen } from './EventFormScreen';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.services);
  const copyFrom = new URL(request.url).searchParams.get('copie');
  // Someone else's event, or none: a 404 on the error page, as if it did not exist.
  return orErrorPage(eventFormPage(context.services, user, { eventId: params.id, copyFrom }));
}

/** This route's forms carry an image: its multipart bodies get the upload limit (request-body.ts reads this). */
export const handle = { body: 'upload' } satisfies RouteBodyHandle;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context.services);
  // Signed in, yet the submission keeps what it had as a public form: its own bucket of the shared allowance and the
  // honeypot (the form renders it), against accounts opened only to post in bulk.
  const form = await guardPost(request, context, {
    audience: 'signed-in',
    rate: { bucket: 'submit' },
    honeypot: true,
  });
  // « Importer depuis un lien » (a new event only): the form prefilled, nothing saved.
  if (!params.id && form.get('intent') === IMPORT_INTENT) {
    const importUrl = String(form.get('importUrl') ?? '').slice(0, IMPORT_URL_MAX);
    try {
      const { values, ...imported } = await prefillFromLink(context.services, user, importUrl);
      return data({ ...prefilled(values), importUrl, imported });
    } catch (error) {
      return refused(readFormCheckedByUseCase(form), error, { extra: { importUrl, imported: null } });
    }
  }
  let saved: Awaited<ReturnType<typeof saveEventForm>>;
  try {
    saved = await saveEventForm(context.services, user, await readEventForm(form), params.id);
  } catch (error) {
    // Refused by the lifecycle (the event changed or went meanwhile): said on an error page.
    if (!(error instanceof UseCaseError)) throw error;
    throw data({ message: error.message }, { status: error.status });
  }
  if (!saved.ok) {
    // The image sent with a refused form is kept aside: its token comes back with the input, and so does the version
    // of the event the input starts from (the one now stored, once the refusal has said it changed).
    const extra = {
      duplicates: saved.duplicates,
      preview: saved.preview ?? false,
      pendingImage: saved.values.pendingImage,
      seen: saved.values.seen ?? '',
    };
    // The venue a text typed without JavaScript was read back to comes back chosen, as the search's would (issue 70).
    if (saved.values.venueId) form.set('venueId', saved.values.venueId);
    return invalid(readFormCheckedByUseCase(form), { errors: saved.errors, extra });
  }
  return redirect(`/organizer/event-confirmation/${saved.eventId}${saved.edited ? '?modifie=1' : ''}`);
}

export default EventFormScreen;

export const headers = keepRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({
    title: data?.mode === 'edit' ? 'Modifier un événement' : 'Ajouter un événement',
    description: 'Publiez votre événement sur l’agenda de Suisse romande.',
    path: data?.mode === 'edit' ? `/organizer/edit-event/${data.eventId}` : '/organizer/submit-event',
    matches,
  });
