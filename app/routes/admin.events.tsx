import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireAdmin } from '~/.server/session';
import { Placeholder } from '~/components/Placeholder';
import { pageMeta } from '~/domain/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Modération des événements',
    description: 'Modération des événements — Agenda romand.',
    path: '/admin/events',
    matches,
  });

export default function ModerateEventsPage() {
  return <Placeholder title="Modération des événements" />;
}
