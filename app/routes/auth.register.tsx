import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireAnonymous } from '~/.server/session';
import { Placeholder } from '~/components/Placeholder';
import { pageMeta } from '~/domain/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Inscription', description: 'Inscription — Agenda romand.', path: '/auth/register', matches });

export default function RegisterPage() {
  return <Placeholder title="Inscription" />;
}
