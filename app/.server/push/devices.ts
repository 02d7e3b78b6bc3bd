// Admin devices for push (docs/specification.md §6: admins only): registering a device's token, forced regeneration, and sending a
// message to every admin device, forgetting the tokens the push service no longer knows.
import type { AgendaEvent } from '~/domain/event';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import type { PushMessage, PushTransport } from './ports';

export interface PushDeps {
  store: Store;
  push: PushTransport;
  now?: () => Date;
}

export const PUSH_ADMINS_ONLY = 'Les notifications push sont réservées aux comptes admin.';
export const PUSH_TOKEN_INVALID = 'Cet abonnement aux notifications n’est pas valable.';

export interface DeviceRegistration {
  deviceId: string;
  token: string;
  userAgent: string;
  platform: string;
}

/** Saves the token of one of the admin's devices (docs/specification.md §3 fcmTokens[deviceId], fcmToken, fcmTokenUpdatedAt). */
export async function registerPushDevice(
  deps: PushDeps,
  actor: UserProfile,
  input: DeviceRegistration,
): Promise<{ updatedAt: string }> {
  if (actor.role !== 'admin' || actor.disabled) throw new UseCaseError(PUSH_ADMINS_ONLY, 'form', 403);
  const token = deps.push.normalizeToken(input.token);
  if (!token) throw new UseCaseError(PUSH_TOKEN_INVALID, 'form', 400);
  const updatedAt = (deps.now ? deps.now() : new Date()).toISOString();
  await deps.store.users.savePushToken(actor.uid, input.deviceId, {
    token,
    updatedAt,
    userAgent: input.userAgent,
    platform: input.platform,
  });
  return { updatedAt };
}

/** Forced regeneration (docs/specification.md §4): the device's old token is deleted and the stored token fields cleared. */
export async function forgetPushDevice(deps: PushDeps, actor: UserProfile, deviceId: string): Promise<void> {
  if (actor.role !== 'admin') throw new UseCaseError(PUSH_ADMINS_ONLY, 'form', 403);
  await deps.store.users.clearPushToken(actor.uid, deviceId);
}

export interface PushReport {
  sent: number;
  removed: number;
  failed: number;
}

/** Sends one message to every device of every active admin; tokens the push service no longer knows are removed. */
export async function pushToAdmins(deps: PushDeps, message: PushMessage): Promise<PushReport> {
  const devices = await deps.store.users.listAdminPushDevices();
  const report: PushReport = { sent: 0, removed: 0, failed: 0 };
  // A token shared by two entries (never after savePushToken, but a store may hold older data) is sent once.
  const tokens = [...new Set(devices.map((d) => d.token))];
  const results = tokens.length ? await deps.push.sendMany(tokens, message) : [];
  for (const [index, result] of results.entries()) {
    if (result.status === 'sent') report.sent++;
    else if (result.status === 'gone') report.removed += await deps.store.users.removePushToken(tokens[index]);
    else {
      report.failed++;
      console.warn(`[push] envoi impossible : ${result.reason}`);
    }
  }
  return report;
}

/** The push of docs/specification.md §2/§4 for a new submission: the title, and a link to the event in the moderation queue. */
export function pendingEventMessage(
  event: Pick<AgendaEvent, 'id' | 'title'>,
  pendingCount: number,
  siteUrl: string,
): PushMessage {
  const url = `/admin/events?eventId=${encodeURIComponent(event.id)}`;
  return {
    notification: {
      title: 'Nouvel événement à modérer',
      body: event.title,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    },
    data: { type: 'event_pending', eventId: event.id, url, pendingCount: String(pendingCount) },
    fcmOptions: { link: new URL(url, siteUrl).toString() },
  };
}

/** After a submission: pushes to the admins in the background (the organizer does not wait for push services). */
export function notifyAdminsOfSubmission(deps: PushDeps, event: Pick<AgendaEvent, 'id' | 'title'>, siteUrl: string) {
  return (async () => {
    const pending = await deps.store.events.countAwaitingModeration();
    return pushToAdmins(deps, pendingEventMessage(event, pending, siteUrl));
  })().catch((error) => {
    console.error('[push] notification des admins impossible', error);
    return null;
  });
}
