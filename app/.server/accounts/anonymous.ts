// The pages of someone not signed in (sign in, registration, forgotten password): a signed-in visitor is sent on, and
// every sending goes through the POST guard with the accounts' own rate (decision 034).
import type { AppLoadContext } from '@remix-run/node';
import { guardPost } from '../platform/guard';
import { requireAnonymous } from '../platform/session';

/** The form of an anonymous page, checked by the guard; a signed-in visitor is redirected first. */
export async function guardAnonymousPost(request: Request, context: AppLoadContext): Promise<FormData> {
  await requireAnonymous(request, context.services);
  return guardPost(request, context, { audience: 'public', rate: { bucket: 'auth' } });
}

/** What the sign-in and registration pages need: whether « Continuer avec Google » is offered. */
export async function signInPageData(request: Request, context: AppLoadContext) {
  await requireAnonymous(request, context.services);
  return { google: context.services.googleSignIn };
}
