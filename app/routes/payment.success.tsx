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
    title: 'Merci pour votre soutien',
    description: 'Merci pour votre soutien — Agenda romand.',
    path: '/payment/success',
    matches,
  });

export default function PaymentSuccessPage() {
  return <Placeholder title="Merci pour votre soutien" />;
}
