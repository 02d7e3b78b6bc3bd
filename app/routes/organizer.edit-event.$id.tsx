import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireUser } from '~/.server/session';
import { Placeholder } from '~/components/Placeholder';
import { pageMeta } from '~/domain/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Modifier un événement',
    description: 'Modifier un événement — Agenda romand.',
    path: '/organizer/edit-event',
    matches,
  });

export default function EditEventPage() {
  return <Placeholder title="Modifier un événement" />;
}
