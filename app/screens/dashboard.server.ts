import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/.server/session';

export async function dashboardLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { displayName: user.displayName, email: user.email, role: user.role, emailVerified: user.emailVerified };
}
