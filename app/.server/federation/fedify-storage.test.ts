// Fedify's queue over our store: a moment when the store is busy (SQLite's lock taken by another process) pauses it,
// never stops it; and Fedify's TTLs in milliseconds.
import { describe, expect, it, vi } from 'vitest';
import type { FederationMessage, FederationStore } from '../ports';
import { createStoreQueue, durationMs } from './fedify-storage';

describe('la file de la fédération', () => {
  it('reprend après une erreur du stockage au lieu de s’arrêter', async () => {
    const message: FederationMessage = { id: 'm1', payload: { type: 'outbox' }, dueAt: '', createdAt: '' };
    let calls = 0;
    const store = {
      async claimDue() {
        calls++;
        if (calls === 1) throw new Error('database is locked');
        return calls === 2 ? [message] : [];
      },
      done: vi.fn(async () => {}),
    } as unknown as FederationStore;
    const errors: unknown[] = [];
    const queue = createStoreQueue(store, { pollMs: 5, onError: (e) => errors.push(e) });
    const controller = new AbortController();
    const handled: unknown[] = [];
    const listening = queue.listen(
      async (payload) => {
        handled.push(payload);
        controller.abort();
      },
      { signal: controller.signal },
    );
    await listening;
    expect(errors).toHaveLength(1);
    expect(handled).toEqual([{ type: 'outbox' }]);
    expect(store.done).toHaveBeenCalledWith('m1');
  });

  it('une durée de Fedify en millisecondes', () => {
    expect(durationMs({ hours: 1, minutes: 30 })).toBe(5_400_000);
    expect(durationMs({ days: 1 })).toBe(86_400_000);
    expect(durationMs(undefined)).toBe(0);
  });
});
