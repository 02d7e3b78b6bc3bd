import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireAdmin } from '~/.server/session';
import { Placeholder } from '~/components/Placeholder';
import { pageMeta } from '~/domain/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Catégories', description: 'Catégories — Agenda romand.', path: '/admin/categories', matches });

export default function ManageCategoriesPage() {
  return <Placeholder title="Catégories" />;
}
