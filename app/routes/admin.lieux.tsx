// /admin/lieux: the venues, to approve a proposed one, rename one (its old address redirects) or merge two (issue 36).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { placeListOf, placeRecordAction } from '~/.server/places/admin-place-actions';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { readFormCheckedByUseCase, refused } from '~/.server/platform/refusal';
import { requireAdmin } from '~/.server/platform/session';
import { AdminShell } from '~/components/AdminShell';
import { PlaceAdminList } from '~/components/admin/PlaceAdminList';
import { formValues } from '~/domain/forms';
import { pageMeta } from '~/domain/meta';

const PATH = '/admin/lieux';
const KIND = 'venue';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  return placeListOf(context.services, admin, KIND, request.url, new Date());
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const formData = await guardPost(request, context, { audience: 'signed-in' });
  const values = formValues(formData, ['intent', 'id', 'name', 'slug', 'into']);
  let done: { message: string; anchor: string };
  try {
    done = await placeRecordAction(context.services, admin, KIND, values, new Date());
  } catch (error) {
    // conform's reply (decision 078), tagged with the row and the form it answers (`intent` is conform's own).
    return refused(readFormCheckedByUseCase(formData), error, { extra: { id: values.id, operation: values.intent } });
  }
  const headers = {
    'Set-Cookie': await setFlash(request, context.services, { kind: 'success', message: done.message }),
  };
  return redirect(`${PATH}${new URL(request.url).search}#place-${done.anchor}`, { headers });
}

export default function AdminVenuesPage() {
  const list = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  return (
    <AdminShell
      title="Lieux"
      lead="Chaque événement a son lieu. Un lieu proposé attend votre approbation ; renommer ou fondre un lieu garde ses événements et son ancienne adresse renvoie vers la fiche gardée."
    >
      <PlaceAdminList path={PATH} one="lieu" many="lieux" {...list} answer={answer} />
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Lieux', description: 'Gestion des lieux — Agenda romand.', path: PATH, matches });
