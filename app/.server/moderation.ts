// Moderation use cases. For now: the pending count shown to admins (SPEC §2, §4).
import { getStore } from './store';

export function getPendingCount(): Promise<number> {
  return getStore().events.countByStatus('pending');
}
