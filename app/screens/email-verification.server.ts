import type { LoaderFunctionArgs } from '@remix-run/node';
import { getCurrentUser } from '~/.server/session';

export async function emailVerificationLoader({ request }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request);
  return { loggedIn: Boolean(user), verified: user?.emailVerified ?? false, email: user?.email ?? null };
}
