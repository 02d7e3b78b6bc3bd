// Push devices as both stores keep them on the user (docs/specification.md §3 `fcmTokens`): a map of device id → device.
import type { PushDevice } from '../ports';

/** A stored device map read back: entries without a token are dropped, missing texts are empty; not a map, no device. */
export function readPushDevices(stored: unknown): Record<string, PushDevice> {
  const devices: Record<string, PushDevice> = {};
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return devices;
  for (const [deviceId, entry] of Object.entries(stored as Record<string, Partial<PushDevice>>)) {
    if (entry && typeof entry.token === 'string') {
      devices[deviceId] = {
        token: entry.token,
        updatedAt: String(entry.updatedAt ?? ''),
        userAgent: String(entry.userAgent ?? ''),
        platform: String(entry.platform ?? ''),
      };
    }
  }
  return devices;
}
