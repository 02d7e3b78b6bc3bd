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
    title: 'Ajouter un événement',
    description: 'Ajouter un événement — Agenda romand.',
    path: '/organizer/submit-event',
    matches,
  });

export default function SubmitEventPage() {
  return <Placeholder title="Ajouter un événement" />;
}
