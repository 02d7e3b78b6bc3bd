// /admin/organisateurs: the organizers, to approve a proposed one, rename one (its old address redirects) or merge two
// (issue 36).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { isRecordIntent, placeListOf, placeRecordAction } from '~/.server/places/admin-place-actions';
import { linkOrganizerAccount } from '~/.server/places/admin-places';
import { decideOnProfile, profilesAwaiting } from '~/.server/places/organizer-profile';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { readFormCheckedByUseCase, refused } from '~/.server/platform/refusal';
import { requireAdmin } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { AdminShell } from '~/components/AdminShell';
import { PlaceAdminList } from '~/components/admin/PlaceAdminList';
import { ProfilesAwaiting } from '~/components/admin/ProfilesAwaiting';
import { formValues } from '~/domain/forms';
import { pageMeta } from '~/domain/meta';

const PATH = '/admin/organisateurs';
const KIND = 'organizer';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const [list, profiles] = await Promise.all([
    placeListOf(context.services, admin, KIND, request.url, new Date()),
    profilesAwaiting(context.services, admin),
  ]);
  return { ...list, profiles };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const formData = await guardPost(request, context, { audience: 'signed-in' });
  const values = formValues(formData, ['intent', 'id', 'name', 'slug', 'into', 'email', 'seen']);
  const now = new Date();
  let message: string;
  let anchor = values.id;
  try {
    if (values.intent === 'profile-publish' || values.intent === 'profile-refuse') {
      const publish = values.intent === 'profile-publish';
      const record = await decideOnProfile(context.services, admin, { id: values.id, seen: values.seen, publish });
      message = publish
        ? `Le profil de «\u00a0${record.name}\u00a0» est publié.`
        : `Le profil envoyé pour «\u00a0${record.name}\u00a0» est refusé\u00a0; le précédent reste.`;
    } else if (isRecordIntent(values.intent)) {
      ({ message, anchor } = await placeRecordAction(context.services, admin, KIND, values, now));
    } else if (values.intent === 'link' || values.intent === 'unlink') {
      const linked = values.intent === 'link';
      const { organizer, account } = await linkOrganizerAccount(
        context.services,
        admin,
        { id: values.id, email: values.email, linked },
        now,
      );
      message = linked
        ? `Le compte ${account.email} parle désormais pour « ${organizer.name} ».`
        : `Le compte ${account.email} ne parle plus pour « ${organizer.name} ».`;
    } else throw new UseCaseError('Action inconnue : rechargez la page et réessayez.');
  } catch (error) {
    // conform's reply (decision 078), tagged with the row and the form it answers (`intent` is conform's own).
    return refused(readFormCheckedByUseCase(formData), error, { extra: { id: values.id, operation: values.intent } });
  }
  const headers = { 'Set-Cookie': await setFlash(request, context.services, { kind: 'success', message }) };
  return redirect(`${PATH}${new URL(request.url).search}#place-${anchor}`, { headers });
}

export default function AdminOrganizersPage() {
  const { profiles, ...list } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  return (
    <AdminShell
      title="Organisateurs"
      lead="Chaque événement a son organisateur. Un organisateur proposé attend votre approbation ; renommer ou fondre une fiche garde ses événements et ses comptes, et son ancienne adresse renvoie vers la fiche gardée."
    >
      <ProfilesAwaiting profiles={profiles} />
      <PlaceAdminList path={PATH} one="organisateur" many="organisateurs" {...list} answer={answer} />
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Organisateurs', description: 'Gestion des organisateurs — Agenda romand.', path: PATH, matches });
