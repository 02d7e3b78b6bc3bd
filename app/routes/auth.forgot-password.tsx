import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireAnonymous } from '~/.server/session';
import { Placeholder } from '~/components/Placeholder';
import { pageMeta } from '~/domain/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Mot de passe oublié',
    description: 'Mot de passe oublié — Agenda romand.',
    path: '/auth/forgot-password',
    matches,
  });

export default function ForgotPasswordPage() {
  return <Placeholder title="Mot de passe oublié" />;
}
