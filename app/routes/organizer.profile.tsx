import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireUser } from '~/.server/session';
import { Placeholder } from '~/components/Placeholder';
import { pageMeta } from '~/domain/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Mon profil', description: 'Mon profil — Agenda romand.', path: '/organizer/profile', matches });

export default function OrganizerProfilePage() {
  return <Placeholder title="Mon profil" />;
}
