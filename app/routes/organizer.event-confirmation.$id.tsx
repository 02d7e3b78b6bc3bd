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
    title: 'Événement envoyé',
    description: 'Événement envoyé — Agenda romand.',
    path: '/organizer/event-confirmation',
    matches,
  });

export default function EventConfirmationPage() {
  return <Placeholder title="Événement envoyé" />;
}
