import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireAdmin } from '~/.server/session';
import { Placeholder } from '~/components/Placeholder';
import { pageMeta } from '~/domain/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Panneau Admin', description: 'Panneau Admin — Agenda romand.', path: '/admin', matches });

export default function AdminDashboardPage() {
  return <Placeholder title="Panneau Admin" />;
}
