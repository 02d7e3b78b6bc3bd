// POST /evenement/{id}/date: its owner or an admin cancels one date of a series, or restores it (decision 041).
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { setDateCancelled } from '~/.server/events/cancel-date';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { requireUser } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { zurichToday } from '~/domain/dates';

// POST only; a GET just goes home (as every post-only route, guard-matrix.spec.ts).
export async function loader() {
  return redirect('/');
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const eventId = params.id ?? '';
  const back = `/evenement/${encodeURIComponent(eventId)}`;
  const form = await guardPost(request, context, { audience: 'signed-in', back });
  const startsAt = String(form.get('startsAt') ?? '');
  const cancelled = form.get('intent') !== 'restore';
  try {
    await setDateCancelled(context.services.store, user, { eventId, startsAt, cancelled });
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    return redirect(back, {
      headers: { 'Set-Cookie': await setFlash(request, { kind: 'error', message: error.message }) },
    });
  }
  const day = Number.isNaN(Date.parse(startsAt)) ? '' : `?date=${zurichToday(new Date(startsAt))}`;
  const message = cancelled ? 'Cette date est annulée\u00a0; les autres restent.' : 'Cette date est rétablie.';
  return redirect(`${back}${day}`, {
    headers: { 'Set-Cookie': await setFlash(request, { kind: 'success', message }) },
  });
}
