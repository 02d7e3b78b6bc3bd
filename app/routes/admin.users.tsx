import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireAdmin } from '~/.server/session';
import { Placeholder } from '~/components/Placeholder';
import { pageMeta } from '~/domain/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Utilisateurs', description: 'Utilisateurs — Agenda romand.', path: '/admin/users', matches });

export default function ManageUsersPage() {
  return <Placeholder title="Utilisateurs" />;
}
