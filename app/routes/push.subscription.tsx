// POST /push/subscription: an admin's browser registers (intent=save) or drops (intent=forget, forced regeneration)
// the push token of one of its devices (docs/specification.md §3, §4, §6). Admin session, CSRF token and same origin required.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { guardPost } from '~/.server/platform/guard';
import { refusedJson } from '~/.server/platform/refusal';
import { CSRF_REFUSED } from '~/.server/platform/security';
import { getCurrentUser } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { forgetPushDevice, PUSH_ADMINS_ONLY, registerPushDevice } from '~/.server/push/devices';
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
  const user = await getCurrentUser(request, context.services);
  if (!user) return answer({ ok: false, message: NO_SIGNED_IN_USER }, 401);
  if (user.role !== 'admin') return answer({ ok: false, message: PUSH_ADMINS_ONLY }, 403);
  // The guard's refusals as this script reads them; an unreadable form is an expired one for it.
  const form = await guardPost(request, context, {
    audience: 'signed-in',
    rate: { bucket: 'push', perMinute: 30 },
    refuse: ({ status, message, reason, retryAfter }) =>
      reason === 'unreadable'
        ? answer({ ok: false, message: CSRF_REFUSED }, 403)
        : answer({ ok: false, message }, status, retryAfter ? { 'Retry-After': retryAfter } : {}),
  });
  const parsed = pushForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refusedJson(new UseCaseError(INVALID));
  const deps = context.services;
  try {
    if (parsed.data.intent === 'forget') {
      await forgetPushDevice(deps, user, parsed.data.deviceId);
      return answer({ ok: true });
    }
    const { updatedAt } = await registerPushDevice(deps, user, parsed.data);
    return answer({ ok: true, updatedAt });
  } catch (error) {
    return refusedJson(error);
  }
}
