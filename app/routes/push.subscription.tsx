// POST /push/subscription: an admin's browser registers (intent=save) or drops (intent=forget, forced regeneration)
// the push token of one of its devices (SPEC §3, §4, §6). Admin session, CSRF token and same origin required.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { forgetPushDevice, PUSH_ADMINS_ONLY, PushRefused, registerPushDevice } from '~/.server/push/devices';
import {
  CSRF_REFUSED,
  FORBIDDEN_ORIGIN,
  isCrossSite,
  rateLimited,
  TOO_MANY_REQUESTS,
  verifyCsrf,
} from '~/.server/security';
import { getCurrentUser } from '~/.server/session';
import { NO_SIGNED_IN_USER, PUSH_DEVICE_ID_PATTERN } from '~/domain/push';
import { z } from '~/domain/zod';

export async function loader() {
  return redirect('/');
}

const pushForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('save'),
    deviceId: z.string().regex(PUSH_DEVICE_ID_PATTERN),
    token: z.string().min(1).max(4096),
    userAgent: z.string().max(300).default(''),
    platform: z.string().max(100).default(''),
  }),
  z.object({ intent: z.literal('forget'), deviceId: z.string().regex(PUSH_DEVICE_ID_PATTERN) }),
]);

const INVALID = 'Demande d’abonnement aux notifications illisible.';
const answer = (body: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });

export async function action({ request, context }: ActionFunctionArgs) {
  const crossSite = isCrossSite({
    origin: request.headers.get('Origin'),
    host: new URL(request.url).host,
    fetchSite: request.headers.get('Sec-Fetch-Site'),
  });
  if (crossSite) return answer({ ok: false, message: FORBIDDEN_ORIGIN }, 403);
  const user = await getCurrentUser(request);
  if (!user) return answer({ ok: false, message: NO_SIGNED_IN_USER }, 401);
  if (user.role !== 'admin') return answer({ ok: false, message: PUSH_ADMINS_ONLY }, 403);
  const limited = await rateLimited(context, 'push', 30);
  if (limited) return answer({ ok: false, message: TOO_MANY_REQUESTS }, 429, { 'Retry-After': limited.retryAfter });
  let form: FormData;
  try {
    form = await request.formData();
    await verifyCsrf(form, request);
  } catch {
    return answer({ ok: false, message: CSRF_REFUSED }, 403);
  }
  const parsed = pushForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return answer({ ok: false, message: INVALID }, 400);
  const deps = context.services;
  try {
    if (parsed.data.intent === 'forget') {
      await forgetPushDevice(deps, user, parsed.data.deviceId);
      return answer({ ok: true });
    }
    const { updatedAt } = await registerPushDevice(deps, user, parsed.data);
    return answer({ ok: true, updatedAt });
  } catch (error) {
    if (error instanceof PushRefused) return answer({ ok: false, message: error.message }, error.status);
    throw error;
  }
}
