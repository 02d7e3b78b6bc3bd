// What the sign-in and registration pages share on the server: only for a visitor not signed in, « Continuer avec
// Google » when it is offered, and their form read through the guard with the accounts' own rate (decision 034).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { z } from '~/domain/zod';
import { guardPost } from '../platform/guard';
import { readForm } from '../platform/refusal';
import { requireAnonymous } from '../platform/session';

/** The pages' loader: a signed-in visitor is sent on; whether « Continuer avec Google » is offered. */
export async function accountPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context.services);
  return { google: context.services.googleSignIn };
}

/** The password is never sent back to the browser. */
export const HIDE_PASSWORD = { hideFields: ['password'] };

/** The start of their actions: a signed-in visitor is sent on, then the guard, then the form read by its schema. */
export async function readAccountForm<Schema extends z.ZodType>(
  { request, context }: ActionFunctionArgs,
  schema: Schema,
) {
  await requireAnonymous(request, context.services);
  const formData = await guardPost(request, context, { audience: 'public', rate: { bucket: 'auth' } });
  return { formData, submission: readForm(formData, schema) };
}
